/** The sign-up, verify and login calls through the test app, each from a new address unless one is given. */
import type { TestApp } from './test-app.js';
import { newAddress } from './factories.js';

export function authCalls(t: () => TestApp) {
  const post = (url: string, payload: unknown, remoteAddress = newAddress()) =>
    t().app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
  return {
    post,
    signup: (payload: unknown) => post('/api/audition/web/signup', payload),
    verify: (payload: unknown) => post('/api/audition/web/verify-otp', payload),
    login: (payload: unknown) => post('/api/audition/login', payload),
    resend: (payload: unknown) => post('/api/audition/web/resend-otp', payload),
  };
}
