/**
 * Studio accounts: sign-up through the auth service with a studio page made in the
 * same transaction as the account, and the studio's own page (docs/marketplace.md).
 */
import { eq } from 'drizzle-orm';
import type { SignupBody, VerifyBody } from '../../../contract/auth.js';
import type { StudioMe, StudioMeBody, StudioVerifyAnswer } from '../../../contract/jobs.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import type { AppContext } from '../../context.js';
import { CHANNELS } from '../../db/change-feed.js';
import { studios } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { createAuthService, type Parsed } from '../auth/index.js';
import { isIssuedTo } from '../media/index.js';
// The studio's own page has the public page's shape: one presenter for both.
import { presentStudio } from '../studios/index.js';

type StudioRow = typeof studios.$inferSelect;

export function createStudioAccountsService(ctx: AppContext) {
  const { db } = ctx;
  const auth = createAuthService(ctx);

  async function ownStudio(userId: string): Promise<StudioRow> {
    const [row] = await db.select().from(studios).where(eq(studios.ownerId, userId));
    if (!row) throw errors.notFound(MARKET_MSG.noStudioPage);
    return row;
  }

  /** A picture may stay as it is, be cleared, or be an image the storage issued to this account. */
  async function checkPicture(userId: string, field: 'profilePic' | 'banner', label: string, url: string | undefined, current: string) {
    if (url === undefined || url === '' || url === current) return;
    if (!(await isIssuedTo(ctx, userId, url, 'images'))) throw errors.notIssued({ label, field });
  }

  return {
    ownStudio,

    signup: (body: Parsed<SignupBody>, ip: string) => auth.signup(body, ip, 'studio'),

    async verify(body: Parsed<VerifyBody>, ip: string): Promise<StudioVerifyAnswer> {
      const answer = await auth.verify(body, ip, {
        role: 'studio',
        afterCreate: async (tx, userId, pending) => {
          await tx.insert(studios).values({ ownerId: userId, fname: pending.fname, number: pending.number });
        },
      });
      if (answer.created === 'create') ctx.changes.announce(CHANNELS.counter, 'studios');
      const studio = await ownStudio(answer._id);
      return { ...answer, studioId: studio.id };
    },

    async me(userId: string): Promise<StudioMe> {
      return presentStudio(await ownStudio(userId));
    },

    /** Saves the fields sent; the studios trigger bumps the list's version, so its ETag changes. */
    async update(userId: string, body: StudioMeBody): Promise<StudioMe> {
      const current = await ownStudio(userId);
      await checkPicture(userId, 'profilePic', 'Picture', body.profilePic, current.profilePic);
      await checkPicture(userId, 'banner', 'Banner', body.banner, current.banner);
      const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<StudioRow>;
      if (Object.keys(changes).length === 0) return presentStudio(current);
      const [saved] = await db.update(studios).set(changes).where(eq(studios.ownerId, userId)).returning();
      ctx.changes.announce(CHANNELS.counter, 'studios');
      return presentStudio(saved!);
    },
  };
}
