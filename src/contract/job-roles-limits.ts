/** Limits and choices of a job's roles (docs/marketplace.md, "Roles and pay"), free of zod for the web bundle. */
export const ROLE_LIMITS = {
  rolesMax: 20,
  nameMax: 80,
  descriptionMax: 2000,
  skillsMax: 10,
  languagesMax: 5,
  /** One skill or language name. */
  tagMax: 60,
  /** A crore of rupees: far above any real rate, low enough that a typo is caught. */
  amountMax: 10_000_000,
} as const;

export const PAY_KINDS = ['paid', 'unpaid', 'deferred'] as const;
export type PayKind = (typeof PAY_KINDS)[number];
export const PAY_UNITS = ['hour', 'day', 'week', 'project'] as const;
export type PayUnit = (typeof PAY_UNITS)[number];
export const ROLE_STATUSES = ['open', 'cast'] as const;
