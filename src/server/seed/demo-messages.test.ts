import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messages } from '../db/schema/index.js';
import { seedDemoApplications } from './demo-applications.js';
import { seedDemoMessages } from './demo-messages.js';
import { seedDemoPerformers } from './performers.js';
import { DEMO_STUDIO_LOGINS, seedDemoStudioAccounts } from './studio-accounts.js';
import { callAs } from '../../../test/message-factories.js';
import { seedTestApp } from '../../../test/seed-test-app.js';

const seeded = seedTestApp({ demoStudios: true });
const { withEnv } = seeded;

interface ListedConversation {
  _id: string;
  other: { _id: string | null; role: string; name: string };
  jobTitle: string | null;
  lastMessage: { text: string } | null;
  unread: number;
}

describe('demo messages', () => {
  it('are skipped without demo accounts, never made in production, made once, and read through the messages calls', async () => {
    expect(await seedDemoMessages(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(0);
    await seedDemoStudioAccounts(withEnv({ SEED_DEMO: '1' }), () => {});
    expect(await seedDemoMessages(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(0);
    await seedDemoPerformers(withEnv({ SEED_DEMO: '1' }), () => {});
    // The seeded demo performers are the ones the demo applications pick too (as on a real start).
    expect(await seedDemoApplications(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(12);

    expect(await seedDemoMessages(withEnv({ SEED_DEMO: '1', NODE_ENV: 'production' }, true), () => {})).toBe(0);
    expect(await seedDemoMessages(withEnv({ SEED_DEMO: '0' }), () => {})).toBe(0);
    expect(await seeded.t.ctx.db.$count(conversations)).toBe(0);

    const lines: string[] = [];
    expect(await seedDemoMessages(withEnv({ SEED_DEMO: '1' }), (l) => lines.push(l))).toBe(6);
    expect(lines).toEqual(['seeded 6 demo conversations']);
    const made = await seeded.t.ctx.db.select().from(conversations);
    expect(new Set(made.map((c) => c.studioUserId)).size).toBe(3);
    expect(new Set(made.map((c) => c.performerId)).size).toBe(6);
    expect(await seeded.t.ctx.db.$count(messages, inArray(messages.conversationId, made.map((c) => c.id)))).toBeGreaterThanOrEqual(18);

    // Again (a restart, or a second instance): nothing more.
    expect(await seedDemoMessages(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(0);
    expect(await seeded.t.ctx.db.$count(conversations)).toBe(6);

    // The demo studio login reads its conversations, with a job title and an unread message.
    const login = await seeded.t.app.inject({ method: 'POST', url: '/api/audition/login', payload: DEMO_STUDIO_LOGINS[0] });
    expect(login.statusCode).toBe(200);
    const token = (login.json() as { token: string }).token;
    const list = await callAs(seeded.t, 'GET', '/api/conversations', token);
    expect(list.statusCode).toBe(200);
    const { conversations: listed, unreadTotal } = list.json() as { conversations: ListedConversation[]; unreadTotal: number };
    expect(listed).toHaveLength(2);
    for (const c of listed) {
      expect(c.other.role).toBe('performer');
      expect(c.other.name).not.toBe('');
      expect(c.lastMessage?.text).toBeTruthy();
    }
    expect(listed.some((c) => c.jobTitle)).toBe(true);
    // The performer's last message in each of them is left unread, one apiece.
    expect(listed.map((c) => c.unread)).toEqual([1, 1]);
    expect(unreadTotal).toBe(2);
    const thread = await callAs(seeded.t, 'GET', `/api/conversations/${listed[0]!._id}/messages`, token);
    expect(thread.statusCode).toBe(200);
    expect((thread.json() as { messages: unknown[] }).messages.length).toBeGreaterThanOrEqual(3);

    // Replying works on a seeded conversation (anyone may reply).
    const reply = await callAs(seeded.t, 'POST', `/api/conversations/${listed[0]!._id}/messages`, token, { text: 'See you then.' });
    expect(reply.statusCode).toBe(201);
  });
});
