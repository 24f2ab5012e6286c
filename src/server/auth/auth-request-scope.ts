import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the Fastify mount (auth-plugin.ts) knows of one /api/auth/* request that better-auth's hooks and
 * callbacks need and cannot read from the Fetch request they are handed: the origin mail links are built
 * on, and what a sign-in's proof was.
 * Calls of `auth.api.*` made by the server itself run outside any scope.
 */
export interface AuthRequestScope {
  /** The origin of the links this request's mails carry (auth-mails.ts mailLinkOrigin). */
  linkOrigin: string;
  /**
   * What a sign-in proved its account with, by user id: the password hash it checked, or the passkey it
   * verified. The session it makes is made only while that proof still holds (credential-plugin.ts
   * `stampNewSession`): a sign-in with the old password that raced a reset makes none.
   */
  proofs: Map<string, SignInProof>;
}

export type SignInProof = { passwordHash: string } | { passkeyId: string };

const storage = new AsyncLocalStorage<AuthRequestScope>();

/** Runs `work` (better-auth's handler) with `scope` as the current request's. */
export function withAuthRequestScope<T>(scope: AuthRequestScope, work: () => Promise<T>): Promise<T> {
  return storage.run(scope, work);
}

/** The scope of the /api/auth/* request being handled, or undefined outside one. */
export function currentAuthRequest(): AuthRequestScope | undefined {
  return storage.getStore();
}
