/** Login tokens: HS256 JWTs with an expiry and the user's token version. */
import { createHash, randomUUID } from 'node:crypto';
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
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(TOKEN_LIFETIME)
    .sign(secret);
}

export interface TokenClaims {
  userId: string;
  version: number;
  expiresAt: number;
  /** The token's own id, which its logout revokes (tokens issued before ids existed: a hash of the token). */
  jti: string;
}

/**
 * The secret as the HMAC key that verifies tokens, to import once: given the raw secret,
 * jose imports it into WebCrypto again on every call (docs/performance.md, "A getUserData miss").
 */
export function verificationKey(secret: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
}

/** The user id and token version of a valid token (checked with `verificationKey`'s key), or null for any token that is not. */
export async function readToken(key: CryptoKey, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number' || typeof payload.exp !== 'number') return null;
    const jti = typeof payload.jti === 'string' && payload.jti.length <= 64 ? payload.jti : createHash('sha256').update(token).digest('base64url');
    return { userId: payload.sub, version: payload.ver, expiresAt: payload.exp * 1000, jti };
  } catch {
    return null;
  }
}
