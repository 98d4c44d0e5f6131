/** The auth area's public face: its routes, and the token reader the auth hook (plugins/auth.ts) checks calls with. */
export { authRoutes } from './auth.routes.js';
export { readToken, signToken, verificationKey, type TokenClaims } from './tokens.js';
export { createAuthService, type Parsed } from './auth.service.js';
