/**
 * Guessing the current password of a logged-in account (a stolen token) through the
 * settings calls, with guesses sent together (docs/security.md, "Redirects, raced passwords, secrets in the log, forged cursors, weak secrets"):
 * password-check-attacks.test.ts runs it on one instance with the in-process limiter
 * (PGlite or PostgreSQL), password-check-attacks.services.test.ts on two instances sharing
 * PostgreSQL and the limits in Redis.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../../contract/account-limits.js';
import { MSG } from '../../../contract/messages.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import type { TestApp } from '../../../../test/test-app.js';

export interface Instances {
  /** The first instance, which also builds the accounts. */
  t: TestApp;
  /** Every instance serving the same database and limits; guesses are spread over them. */
  apps: FastifyInstance[];
  close(): Promise<void>;
}

const LIMIT = ACCOUNT_LIMITS.wrongPasswordPerAccountPerHour;
const GUESSES = 40;

export function passwordCheckAttackSuite(start: () => Promise<Instances>) {
  let instances: Instances;
  beforeAll(async () => {
    instances = await start();
  });
  afterAll(async () => {
    await instances?.close();
  });

  const call = (i: number, method: 'POST' | 'DELETE', url: string, token: string, payload: object) => {
    const { apps } = instances;
    return apps[i % apps.length]!.inject({ method, url, headers: { 'x-auth-token': token }, payload, remoteAddress: newAddress() });
  };
  const changePassword = (i: number, token: string, current: string) =>
    call(i, 'POST', '/api/me/password', token, { current, password: 'the attacker’s new password' });
  const deleteAccount = (i: number, token: string, password: string) => call(i, 'DELETE', '/api/me', token, { password });
  const login = (p: Performer, password: string) =>
    instances.apps[0]!.inject({ method: 'POST', url: '/api/audition/login', payload: { email: p.email, password }, remoteAddress: newAddress() });
  const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode);
  const counted = (answers: { statusCode: number }[], status: number) => statuses(answers).filter((s) => s === status).length;

  describe('guessing the current password with a stolen token', () => {
    it(`of ${GUESSES} wrong passwords sent at once to POST /api/me/password, ${LIMIT} are checked`, async () => {
      const p = await buildPerformer(instances.t);
      const answers = await Promise.all(Array.from({ length: GUESSES }, (_, i) => changePassword(i, p.token, `wrong guess ${i}`)));
      expect(counted(answers, 400)).toBe(LIMIT);
      expect(counted(answers, 429)).toBe(GUESSES - LIMIT);
      for (const a of answers) expect(a.json()).toHaveProperty('msg');
      // The guesses are spent for the hour: the right password is refused too, and nothing changed.
      expect((await changePassword(0, p.token, p.password)).statusCode).toBe(429);
      expect((await login(p, p.password)).statusCode).toBe(200);
    });

    it(`of ${GUESSES} wrong passwords sent at once to DELETE /api/me, ${LIMIT} are checked and the account stays`, async () => {
      const p = await buildPerformer(instances.t);
      const answers = await Promise.all(Array.from({ length: GUESSES }, (_, i) => deleteAccount(i, p.token, `wrong guess ${i}`)));
      expect(counted(answers, 400)).toBe(LIMIT);
      expect(counted(answers, 429)).toBe(GUESSES - LIMIT);
      expect((await deleteAccount(0, p.token, p.password)).statusCode).toBe(429);
      expect((await login(p, p.password)).statusCode).toBe(200);
    });

    it('the two calls share one count per account', async () => {
      const p = await buildPerformer(instances.t);
      const answers = await Promise.all(
        Array.from({ length: GUESSES }, (_, i) => (i % 2 ? deleteAccount(i, p.token, `wrong ${i}`) : changePassword(i, p.token, `wrong ${i}`))),
      );
      expect(counted(answers, 400)).toBe(LIMIT);
    });

    it('a right password gives its try back: the owner keeps every wrong try the hour allows', async () => {
      const p = await buildPerformer(instances.t);
      for (let i = 0; i < LIMIT - 1; i++) expect((await changePassword(i, p.token, `wrong ${i}`)).statusCode).toBe(400);
      const changed = await call(0, 'POST', '/api/me/password', p.token, { current: p.password, password: 'my brand new password' });
      expect(changed.statusCode).toBe(200);
      const { token } = changed.json() as { token: string };
      expect((await changePassword(1, token, 'one more wrong')).json()).toMatchObject({ msg: MSG.currentPasswordWrong });
      expect((await changePassword(0, token, 'and one too many')).statusCode).toBe(429);
    });
  });
}
