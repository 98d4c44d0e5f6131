/**
 * E-mails a message still unread after 10 minutes, at most once an hour per conversation
 * and recipient, when the recipient's e-mail choice allows it (docs/messages.md). Every
 * instance runs it each minute; the rows are claimed in one UPDATE per side (state in the
 * database, so a restart neither loses nor repeats a mail), one instance at a time under
 * the background runner's lease.
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import { messages } from '../../db/schema/index.js';
import { escapeHtml } from '../../adapters/mail/mailer.js';
import { CONVERSATION_LIMITS, CONVERSATION_MSG } from '../../../contract/conversations.js';
import { personName } from '../../../contract/names.js';
import type { BackgroundJob } from '../../background/runner.js';
import { sendOrKeep } from '../notifications/index.js';

const EVERY_MS = 60_000;
/** Older unread messages are not mailed: the sweep reads only a day of messages. */
const LOOK_BACK_MS = 24 * 60 * 60_000;

interface Claimed {
  conversation_id: string;
  email: string;
  fname: string;
  other_name: string | null;
  newest_id: number | string;
}

/** Claims, for one side, the conversations to mail about and marks them mailed, in one statement. */
function claim(db: Pick<Db, 'execute'>, side: 'performer' | 'studio', now: Date) {
  const recipient = side === 'performer' ? sql.raw('performer_id') : sql.raw('studio_user_id');
  const readId = sql.raw(`${side}_read_id`);
  const mailedId = sql.raw(`${side}_mailed_id`);
  const mailedAt = sql.raw(`${side}_mailed_at`);
  const due = new Date(now.getTime() - CONVERSATION_LIMITS.mailAfterMs);
  const since = new Date(now.getTime() - LOOK_BACK_MS);
  const quiet = new Date(now.getTime() - CONVERSATION_LIMITS.mailEveryMs);
  // The other side's name: a studio's page name, else the account's.
  const otherName =
    side === 'performer'
      ? sql`coalesce((select s.fname from studios s where s.owner_id = c.studio_user_id), (select o.fname from users o where o.id = c.studio_user_id))`
      : sql`(select o.fname from users o where o.id = c.performer_id)`;
  return rowsOf<Claimed>(db, sql`
    update conversations c
       set ${mailedAt} = ${now.toISOString()}::timestamptz, ${mailedId} = u.newest_id
      from (
        select m.conversation_id, max(m.id) as newest_id
          from messages m join conversations c2 on c2.id = m.conversation_id
         where m.created_at > ${since.toISOString()}::timestamptz and m.created_at <= ${due.toISOString()}::timestamptz
           and m.id > c2.${readId} and m.id > c2.${mailedId}
           and m.sender_id is distinct from c2.${recipient}
         group by m.conversation_id
      ) u, users r
     where c.id = u.conversation_id and r.id = c.${recipient} and r.email_messages
       and c.blocked_at is null
       and (c.${mailedAt} is null or c.${mailedAt} <= ${quiet.toISOString()}::timestamptz)
    returning c.id as conversation_id, r.email, r.fname, ${otherName} as other_name, u.newest_id`);
}

export async function runUnreadMail(ctx: AppContext, log: Pick<FastifyBaseLogger, 'error'>, now = new Date()): Promise<{ mailed: number }> {
  const claimed = await ctx.db.transaction(async (tx) => {
    // A performer's name reads capitalised (docs/messages.md): the greeting of a performer, the sender named to a studio.
    const performers = (await claim(tx, 'performer', now)).map((c) => ({ ...c, fname: personName(c.fname) }));
    const studios = (await claim(tx, 'studio', now)).map((c) => ({ ...c, other_name: c.other_name === null ? null : personName(c.other_name) }));
    return [...performers, ...studios];
  });
  if (claimed.length === 0) return { mailed: 0 };
  const texts = await ctx.db
    .select({ id: messages.id, text: messages.text })
    .from(messages)
    .where(inArray(messages.id, claimed.map((c) => Number(c.newest_id))));
  const textOf = new Map(texts.map((t) => [t.id, t.text]));
  const origin = (ctx.config.env.PUBLIC_URL ?? `http://localhost:${ctx.config.env.PORT}`).replace(/\/+$/, '');
  let mailed = 0;
  for (const c of claimed) {
    const from = c.other_name ?? CONVERSATION_MSG.deletedAccount;
    const body = CONVERSATION_MSG.mailBody(c.fname, from, textOf.get(Number(c.newest_id)) ?? '', `${origin}/messages/${c.conversation_id}`);
    // Claimed already: a refused mail is kept and retried on its own (mail-outbox.ts), never by claiming the conversation again.
    const message = { to: c.email, subject: CONVERSATION_MSG.mailSubject(from), text: body, html: `<pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(body)}</pre>` };
    if ((await sendOrKeep(ctx, message, log)) === 'sent') mailed += 1;
  }
  return { mailed };
}

/** Mails about unread messages as a background job, one instance at a time (src/server/background/jobs.ts). */
export function unreadMailJob(ctx: AppContext, log: FastifyBaseLogger, clock: () => Date = () => new Date()): BackgroundJob {
  return {
    name: 'unread-mail',
    everyMs: EVERY_MS,
    runsOn: 'one',
    run: () => runUnreadMail(ctx, log, clock()),
  };
}
