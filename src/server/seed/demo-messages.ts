/**
 * Demo messages: when the demo studio accounts and demo performers exist, each studio
 * account has a few conversations with demo performers (some about one of its jobs), with a
 * short exchange dated in the past days, so /messages has something to show. Once; never
 * with NODE_ENV=production (docs/messages.md).
 */
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { conversations, jobs, messages, studios, users } from '../db/schema/index.js';
import { DEMO_PERFORMER_DOMAIN } from './performers.js';
import { DEMO_STUDIO_LOGINS } from './studio-accounts.js';

/** Each exchange in turn: who writes (`s`tudio or `p`erformer) and what. */
const EXCHANGES: readonly (readonly ['s' | 'p', string])[][] = [
  [
    ['s', 'Hello! We liked your portfolio. Are you free for an audition next week?'],
    ['p', 'Hello, thank you! Yes, I am free from Tuesday. Where is it held?'],
    ['s', 'At our studio in Andheri West, 11 am. Please bring a printed headshot.'],
    ['p', 'Perfect, see you on Tuesday.'],
  ],
  [
    ['p', 'Good morning. I saw your casting call and would love to read for the lead.'],
    ['s', 'Thanks for writing. Could you send a one-minute self-tape in Hindi?'],
    ['p', 'Sure, here it is: https://example.com/self-tape'],
  ],
  [
    ['s', 'Hi, is your availability for March still open?'],
    ['p', 'Yes, the whole month.'],
    ['s', 'Great. We will confirm the dates by Friday.'],
  ],
];
const PER_STUDIO = 2;
const HOUR = 3_600_000;

export async function seedDemoMessages(ctx: AppContext, log: (line: string) => void, now = new Date()): Promise<number> {
  if (ctx.config.env.SEED_DEMO === '0' || ctx.config.production) return 0;
  const { db } = ctx;
  const studioAccounts = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'studio'), inArray(users.email, DEMO_STUDIO_LOGINS.map((l) => l.email))))
    .orderBy(asc(users.email));
  const performers = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'performer'), like(users.email, `%@${DEMO_PERFORMER_DOMAIN}`)))
    .orderBy(asc(users.email))
    .limit(studioAccounts.length * PER_STUDIO);
  if (studioAccounts.length === 0 || performers.length === 0) return 0;
  const [already] = await db.select({ id: conversations.id }).from(conversations).where(inArray(conversations.studioUserId, studioAccounts.map((s) => s.id))).limit(1);
  if (already) return 0;

  let made = 0;
  for (const [s, studio] of studioAccounts.entries()) {
    const [job] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .innerJoin(studios, eq(studios.id, jobs.studioId))
      .where(and(eq(studios.ownerId, studio.id), eq(jobs.status, 'open')))
      .orderBy(asc(jobs.createdAt))
      .limit(1);
    for (let k = 0; k < PER_STUDIO; k++) {
      const performer = performers[(s * PER_STUDIO + k) % performers.length]!;
      const exchange = EXCHANGES[(s + k) % EXCHANGES.length]!;
      // Older conversations first, one message an hour, all at least a day old.
      const start = now.getTime() - (1 + s * PER_STUDIO + k) * 24 * HOUR - exchange.length * HOUR;
      made += await db.transaction(async (tx) => {
        const [conversation] = await tx
          .insert(conversations)
          .values({ performerId: performer.id, studioUserId: studio.id, jobId: k === 0 ? job?.id : undefined, createdAt: new Date(start), lastMessageAt: new Date(start + (exchange.length - 1) * HOUR) })
          .onConflictDoNothing()
          .returning({ id: conversations.id });
        if (!conversation) return 0;
        const rows = await tx
          .insert(messages)
          .values(exchange.map(([from, text], i) => ({ conversationId: conversation.id, senderId: from === 's' ? studio.id : performer.id, text, createdAt: new Date(start + i * HOUR) })))
          .returning({ id: messages.id });
        const last = rows.at(-1)!.id;
        // The performer has read everything; the studio has its last message left unread when
        // the performer wrote it, so the unread count shows. Nothing is e-mailed about the past.
        await tx
          .update(conversations)
          .set({ performerReadId: last, studioReadId: exchange.at(-1)![0] === 'p' ? rows.at(-2)!.id : last, performerMailedId: last, studioMailedId: last })
          .where(eq(conversations.id, conversation.id));
        return 1;
      });
    }
  }
  if (made > 0) log(`seeded ${made} demo conversations`);
  return made;
}
