import { createHash } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors.ts';

/**
 * API access tokens: short-lived HS256 JWTs minted by POST /api/jwt for a proven session and verified
 * locally on every call (no database round-trip). The key is derived once from the auth secret.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'draftsmith';
const AUDIENCE = 'draftsmith-api';

export interface AccessClaims {
  /** The user id (uid). */
  sub: string;
  email: string;
}

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<{ token: string; expiresAt: number }>;
  verify(token: string): Promise<AccessClaims>;
}

export function createAccessTokens(secret: string): AccessTokens {
  const key = createHash('sha256').update(`draftsmith-access-token:${secret}`).digest();
  return {
    async sign({ sub, email }) {
      const now = Math.floor(Date.now() / 1000);
      const exp = now + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ email })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: exp * 1000 };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
          throw new AppError('unauthorized:token', 'The access token is not valid. Please sign in again.');
        }
        return { sub: payload.sub, email: payload.email };
      } catch (err) {
        if (err instanceof AppError) throw err;
        const expired = err instanceof joseErrors.JWTExpired;
        throw new AppError(
          'unauthorized:token',
          expired
            ? 'Your session has expired. Please sign in again.'
            : 'The access token is not valid. Please sign in again.',
        );
      }
    },
  };
}
