/**
 * The one-use links mailed or handed out (password reset, review links, studio invitations,
 * a guardian's consent): 256 random bits, and only their SHA-256 kept, so a copy of the
 * database opens nothing (docs/security.md).
 */
import { createHash, randomBytes } from 'node:crypto';

export const newLinkToken = () => randomBytes(32).toString('base64url');
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');
