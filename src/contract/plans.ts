/**
 * The subscription plans (docs/product.md §3, §9), written once. Prices are fixed: the INR figure
 * is what the card shows, the USD figure is what is charged and recorded.
 */
export const PAYMENT_CURRENCY = 'USD';
/** Plans are monthly: a purchase runs this many days from the capture. */
export const SUBSCRIPTION_DAYS = 30;

export const PLAN_NAMES = ['Platinum', 'Gold', 'Silver'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface Plan {
  name: PlanName;
  /** Monthly price shown on the card, in rupees. */
  priceInr: number;
  /** Price charged, in US dollars, as PayPal takes it: a string with two decimals. */
  priceUsd: string;
  features: readonly string[];
}

const BASIC = 'All basic features';
const CHAT = 'Chat with studios';

export const PLANS: readonly Plan[] = [
  { name: 'Platinum', priceInr: 8000, priceUsd: '96.82', features: ['Unlimited job applications', CHAT, BASIC] },
  { name: 'Gold', priceInr: 5000, priceUsd: '60.51', features: ['70 jobs per month', CHAT, BASIC] },
  { name: 'Silver', priceInr: 3000, priceUsd: '36.31', features: ['70 jobs per month', CHAT, BASIC] },
];

/** The plan with this name in any letter case, or undefined. */
export function findPlan(name: string): Plan | undefined {
  const wanted = name.trim().toLowerCase();
  return PLANS.find((p) => p.name.toLowerCase() === wanted);
}

/** The spec's "Payment record" labels (docs/product.md §3, §9). */
export const PAYMENT_RECORD = {
  from: 'Audition',
  type: 'subscription',
  status: 'Received',
} as const;
