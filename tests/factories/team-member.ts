import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createAccount, requestToken, TEST_ORIGIN, verifyEmail } from './account.ts';

export type TeamPerson = Awaited<ReturnType<typeof teamPerson>>;

/**
 * An account signed up through better-auth, with its session cookie and `headers` carrying a token
 * minted for its session's workspace. `refresh()` mints a new one, as the web app does after switching
 * team (the token carries the session's active team). Its address is verified, as sending invitations
 * needs (account-privileges.ts), unless `verified: false`.
 */
export async function teamPerson(
  app: FastifyInstance,
  email?: string,
  { verified = true }: { verified?: boolean } = {},
) {
  const account = await createAccount(app, email ? { email } : {});
  if (verified) await verifyEmail(app, account.uid);
  const self = {
    ...account,
    headers: { authorization: '' },
    async refresh() {
      const minted = await requestToken(app, account.cookie, account.email);
      expect(minted.statusCode, minted.body).toBe(200);
      self.headers = { authorization: `Bearer ${minted.json().token as string}` };
      return self;
    },
  };
  return self.refresh();
}

/** A better-auth organization endpoint with the person's session, as its client library calls it (GET without payload). */
export const organizationCall = (
  app: FastifyInstance,
  who: { cookie: string },
  endpoint: string,
  payload?: object,
) =>
  app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/auth/organization/${endpoint}`,
    headers: { origin: TEST_ORIGIN, cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });
