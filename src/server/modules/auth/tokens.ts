/** Login tokens: HS256 JWTs with an expiry and the user's token version. */
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'audition';
const AUDIENCE = 'audition-web';
export const TOKEN_LIFETIME = '7d';

export async function signToken(secret: Uint8Array, userId: string, tokenVersion: number): Promise<string> {
  return new SignJWT({ ver: tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(TOKEN_LIFETIME)
    .sign(secret);
}

/** The user id and token version of a valid token, or null for any token that is not. */
export async function readToken(secret: Uint8Array, token: string): Promise<{ userId: string; version: number; expiresAt: number } | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number' || typeof payload.exp !== 'number') return null;
    return { userId: payload.sub, version: payload.ver, expiresAt: payload.exp * 1000 };
  } catch {
    return null;
  }
}
