/** Contact form constants without zod, so the web app can import them cheaply. */
export const CONTACT_LIMITS = {
  messageMax: 5000,
  /** Messages one address may send per minute (docs/product.md §9). */
  perMinute: 5,
} as const;
