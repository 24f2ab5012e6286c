import { createHash } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '#server/errors';
import type { TokenRevocations } from './token-revocations.ts';
import { createVerifiedTokens } from './verified-tokens.ts';

/**
 * API access tokens: short-lived HS256 JWTs minted by POST /api/jwt for a proven session and verified
 * locally on every call (no database round-trip). The key is derived once from the auth secret. A
 * token names its session, so ending the session (sign-out) revokes it (token-revocations.ts).
 */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'draftsmith';
const AUDIENCE = 'draftsmith-api';

export interface AccessClaims {
  /** The user id (uid). */
  sub: string;
  email: string;
  /** The better-auth session the token was minted for. */
  sid: string;
  /**
   * The team workspace the session was working in when the token was minted (the session's active
   * organization), or null: the personal workspace. A claim, not a proof of membership: the team
   * routes and the plan check the membership on every call (teams/team-access.ts).
   */
  org: string | null;
}

export interface AccessTokens {
  /** `org` left out: the personal workspace. */
  sign(
    claims: Omit<AccessClaims, 'org'> & { org?: string | null },
  ): Promise<{ token: string; expiresAt: number }>;
  verify(token: string): Promise<AccessClaims>;
  readonly revocations: TokenRevocations;
}

/** Verified tokens remembered per process (a few hundred bytes each). */
const VERIFIED_TOKENS_MAX = 10_000;

const invalid = () =>
  new AppError('unauthorized:token', 'The access token is not valid. Please sign in again.');

export function createAccessTokens(secret: string, revocations: TokenRevocations): AccessTokens {
  const key = createHash('sha256').update(`draftsmith-access-token:${secret}`).digest();
  const verified = createVerifiedTokens<AccessClaims & { issuedAtMs: number }>(VERIFIED_TOKENS_MAX);
  const checkRevocation = async (claims: AccessClaims & { issuedAtMs: number }): Promise<AccessClaims> => {
    if (await revocations.isRevoked(claims)) {
      throw new AppError('unauthorized:token', 'Your session has ended. Please sign in again.');
    }
    return { sub: claims.sub, email: claims.email, sid: claims.sid, org: claims.org };
  };
  return {
    revocations,
    async sign({ sub, email, sid, org }) {
      const issuedAtMs = Date.now();
      const now = Math.floor(issuedAtMs / 1000);
      const exp = now + ACCESS_TOKEN_TTL_SECONDS;
      // `ims`: the issue time in milliseconds (iat has whole seconds), so a revocation of all the user's
      // tokens (a disabled account) spares one minted after it within the same second (re-enabled, signed in).
      const token = await new SignJWT({ email, sid, ims: issuedAtMs, ...(org ? { org } : {}) })
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
      const known = verified.get(token, Date.now());
      if (known) return checkRevocation(known);
      let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
      try {
        ({ payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        }));
      } catch (err) {
        if (!(err instanceof joseErrors.JWTExpired)) throw invalid();
        throw new AppError('unauthorized:token', 'Your session has expired. Please sign in again.');
      }
      const { sub, email, sid, iat, ims, exp, org } = payload;
      if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string' || sid === '')
        throw invalid();
      if (org !== undefined && (typeof org !== 'string' || org === '')) throw invalid();
      const claims = {
        sub,
        email,
        sid,
        org: org ?? null,
        issuedAtMs: typeof ims === 'number' ? ims : (iat ?? 0) * 1000,
      };
      // jose refuses a token once `exp` (seconds) is reached; a remembered one stops at the same moment.
      if (typeof exp === 'number') verified.set(token, claims, exp * 1000);
      return checkRevocation(claims);
    },
  };
}
