/** The administrators' calls (docs/product.md §6). */
import { z } from 'zod';

/** GET /api/admin/whoami: who the server takes the caller to be, when they are an administrator. */
export const adminWhoamiAnswer = z.object({ _id: z.string(), email: z.string(), admin: z.literal(true) });
export type AdminWhoamiAnswer = z.infer<typeof adminWhoamiAnswer>;
