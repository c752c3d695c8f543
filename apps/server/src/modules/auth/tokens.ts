import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const SESSION_DAYS = 30;
const ISSUER = 'hunab';

export interface SessionClaims {
  /** User id. */
  sub: string;
  /** Token id, for signing out one session. */
  jti: string;
  /** The user's token version when issued; a password change raises it and so ends older sessions. */
  ver: number;
  exp: number;
}

export async function signSession(
  secret: Uint8Array,
  userId: string,
  tokenVersion: number,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ver: tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setJti(randomUUID())
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SESSION_DAYS * 86_400)
    .sign(secret);
}

/** The claims of a valid, unexpired session token signed by us; null for anything else. */
export async function verifySession(secret: Uint8Array, token: string, now: Date): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, currentDate: now });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.ver !== 'number')
      return null;
    return { sub: payload.sub, jti: payload.jti, ver: payload.ver, exp: payload.exp ?? 0 };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}

/** A random single-use token for an email link, and the hash that is stored instead of it. */
export function newEmailToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashEmailToken(token) };
}

export const hashEmailToken = (token: string): string => createHash('sha256').update(token).digest('hex');
