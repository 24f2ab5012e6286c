import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the Fastify mount (auth-plugin.ts) knows of one /api/auth/* request that better-auth's hooks and
 * callbacks need and cannot read from the Fetch request they are handed: the origin mail links are built
 * on, and the credential epochs a sign-in's proof began under.
 * Calls of `auth.api.*` made by the server itself run outside any scope.
 */
export interface AuthRequestScope {
  /** The origin of the links this request's mails carry (auth-mails.ts mailLinkOrigin). */
  linkOrigin: string;
  /**
   * The account's credential epoch when the proof of a sign-in began (its password read, its passkey
   * found), by user id: the session it makes carries that epoch, so a sign-in that raced a password
   * reset makes a session that is already over (credential-epochs.ts).
   */
  proofEpochs: Map<string, number>;
}

const storage = new AsyncLocalStorage<AuthRequestScope>();

/** Runs `work` (better-auth's handler) with `scope` as the current request's. */
export function withAuthRequestScope<T>(scope: AuthRequestScope, work: () => Promise<T>): Promise<T> {
  return storage.run(scope, work);
}

/** The scope of the /api/auth/* request being handled, or undefined outside one. */
export function currentAuthRequest(): AuthRequestScope | undefined {
  return storage.getStore();
}
