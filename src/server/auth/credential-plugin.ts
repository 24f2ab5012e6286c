import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
  isAPIError,
  sessionMiddleware,
} from 'better-auth/api';
import { and, eq } from 'drizzle-orm';
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import { account, invitation, passkey, user } from '#server/db/schema';
import { newCredentialMail } from '#server/mail/mail-templates';
import type { Mailer } from '#server/mail/mailer';
import { describeUserAgent, deviceLabel } from '#shared/user-agent';
import { reauthenticateBody } from './api-key-passkey-rules.ts';
import { currentAuthRequest, type SignInProof } from './auth-request-scope.ts';
import {
  accountEpoch,
  type CredentialEvent,
  type EpochSession,
  endCredentials,
  epochHolds,
  isFreshSession,
  type StampedKind,
  sessionEpoch,
  stampCredential,
} from './credential-epochs.ts';
import { SOCIAL_PROVIDER_LABELS } from './social-providers.ts';

/**
 * The credential epochs (credential-epochs.ts) inside better-auth: every session is checked against its
 * account's epoch on every call that carries one; long-lived credentials (API keys, passkeys, a changed
 * sign-in method) need a fresh sign-in and are stamped with their session's epoch and mailed to their
 * owner; the events better-auth runs (a password change, signing out others or everywhere) end what
 * they should; reset links and invitations made before the epoch moved on are refused; and
 * POST /reauthenticate proves the owner again without a new session.
 */
export interface CredentialPluginDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** better-auth's own API, for the passkey check of a re-authentication (bound once auth exists). */
  api: () => { verifyPasskeyAuthentication: VerifyPasskey };
}

type VerifyPasskey = (input: {
  body: { response: Record<string, unknown> };
  headers: Headers;
}) => Promise<{ session: { token: string }; user: { id: string } }>;

/** Adding a credential is refused with this unless the session was proven within AUTH_FRESH_SIGN_IN_SECONDS. */
export const REAUTH_REQUIRED_MESSAGE =
  'For your security, confirm it’s you: enter your password or use a passkey, then try again.';

const reauthRequired = () =>
  new APIError('FORBIDDEN', { code: 'REAUTH_REQUIRED', message: REAUTH_REQUIRED_MESSAGE });

/** Adding these needs a fresh sign-in (or POST /reauthenticate), AUTH_FRESH_SIGN_IN_SECONDS (10 minutes). */
const FRESH_PATHS = new Set([
  '/api-key/create',
  '/passkey/generate-register-options',
  '/passkey/verify-registration',
  '/link-social',
  '/unlink-account',
]);

/** The credentials made by a session, stamped with its epoch: the endpoint that makes each. */
const STAMPED_BY_PATH: Record<string, { kind: StampedKind; mailed: 'API key' | 'passkey' | null }> = {
  '/api-key/create': { kind: 'apiKeys', mailed: 'API key' },
  '/passkey/verify-registration': { kind: 'passkeys', mailed: 'passkey' },
  '/organization/invite-member': { kind: 'invitations', mailed: null },
};

/** The events better-auth's own endpoints are, once they succeeded. */
const EVENT_BY_PATH: Record<string, CredentialEvent> = {
  '/change-password': 'password_changed',
  '/revoke-other-sessions': 'signed_out_elsewhere',
  '/revoke-sessions': 'signed_out_everywhere',
};

const INVITATION_PATHS = new Set([
  '/organization/accept-invitation',
  '/organization/get-invitation',
  '/organization/reject-invitation',
]);

type SessionWithUser = {
  session: EpochSession & { token: string };
  user: { id: string; email: string; name?: string | null };
};

export function credentialPlugin({ db, config, mailer, api }: CredentialPluginDeps) {
  /** Whether the session still holds against its account's epoch; an ended one is deleted on the spot. */
  async function sessionHolds(ctx: GenericEndpointContext, found: SessionWithUser): Promise<boolean> {
    const account = await accountEpoch(db, found.user.id);
    if (account && epochHolds(sessionEpoch(found.session), account.epoch)) return true;
    await ctx.context.internalAdapter.deleteSession(found.session.token);
    return false;
  }

  const tellOwner = newCredentialMailer(config, mailer);

  return {
    id: 'draftsmith-credentials',
    endpoints: {
      /**
       * POST /reauthenticate {password} | {response}: the signed-in owner proves it again, with the
       * password or a passkey (its WebAuthn answer to generate-authenticate-options' challenge), and the
       * session counts as a fresh sign-in for AUTH_FRESH_SIGN_IN_SECONDS. No new session, cookie or token.
       */
      reauthenticate: createAuthEndpoint(
        '/reauthenticate',
        { method: 'POST', body: reauthenticateBody, use: [sessionMiddleware] },
        async (ctx) => {
          const { session, user: owner } = ctx.context.session;
          const { password, response } = ctx.body;
          if (password !== undefined) {
            const credential = await ctx.context.internalAdapter.findCredentialAccount(owner.id);
            if (!credential?.password) {
              throw new APIError('BAD_REQUEST', {
                code: 'NO_PASSWORD',
                message:
                  'This account has no password: confirm with a passkey, or sign out and sign in again with your provider.',
              });
            }
            const valid = await ctx.context.password.verify({
              hash: credential.password,
              password,
            });
            if (!valid) {
              throw new APIError('BAD_REQUEST', {
                code: 'INVALID_PASSWORD',
                message: 'That password is not correct.',
              });
            }
          } else if (response !== undefined) {
            // The passkey plugin checks the answer (challenge, origin, signature, counter, epoch) and
            // makes a session for its owner: only the proof is kept, the session goes at once.
            const proof = await api().verifyPasskeyAuthentication({
              body: { response },
              headers: ctx.headers ?? new Headers(),
            });
            await ctx.context.internalAdapter.deleteSession(proof.session.token);
            if (proof.user.id !== owner.id) {
              throw new APIError('FORBIDDEN', {
                code: 'PASSKEY_OF_ANOTHER_ACCOUNT',
                message: 'This passkey belongs to another account. Use one of yours.',
              });
            }
          }
          const reauthenticatedAt = new Date();
          await ctx.context.internalAdapter.updateSession(session.token, { reauthenticatedAt });
          return ctx.json({ status: true, reauthenticatedAt: reauthenticatedAt.toISOString() });
        },
      ),
    },
    hooks: {
      before: [
        {
          // Every call that carries a session: an ended one is as good as none.
          matcher: (ctx) =>
            (ctx.headers?.get('cookie') ?? '').includes(`${ctx.context.authCookies.sessionToken.name}=`),
          handler: createAuthMiddleware(async (ctx) => {
            const found = (await getSessionFromCtx(ctx)) as SessionWithUser | null;
            if (found && !(await sessionHolds(ctx, found))) ctx.context.session = null;
          }),
        },
        {
          matcher: (ctx) => FRESH_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const found = (await getSessionFromCtx(ctx)) as SessionWithUser | null;
            const window = config.AUTH_FRESH_SIGN_IN_SECONDS * 1000;
            if (found && !isFreshSession(found.session, Date.now(), window)) throw reauthRequired();
          }),
        },
        {
          // The password the sign-in checks: a reset finishing meanwhile leaves it making no session.
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            const scope = currentAuthRequest();
            if (typeof email !== 'string' || !scope) return;
            const [row] = await db
              .select({ id: user.id, passwordHash: account.password })
              .from(user)
              .innerJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
              .where(eq(user.email, email.toLowerCase()));
            if (row?.passwordHash) scope.proofs.set(row.id, { passwordHash: row.passwordHash });
          }),
        },
        {
          // A reset link made before the account's reset links last ended (a reset, disabling) is over.
          matcher: (ctx) => ctx.path === '/reset-password',
          handler: createAuthMiddleware(async (ctx) => {
            const token =
              (ctx.body as { token?: unknown } | undefined)?.token ??
              (ctx.query as { token?: unknown } | undefined)?.token;
            if (typeof token !== 'string' || token === '') return;
            const identifier = `reset-password:${token}`;
            const link = await ctx.context.internalAdapter.findVerificationValue(identifier);
            if (!link) return;
            const account = await accountEpoch(db, link.value);
            const ended = account?.resetLinksEndedAt?.getTime();
            if (ended !== undefined && new Date(link.createdAt).getTime() <= ended) {
              await ctx.context.internalAdapter.deleteVerificationByIdentifier(identifier);
              throw new APIError('BAD_REQUEST', { code: 'INVALID_TOKEN', message: 'Invalid token' });
            }
          }),
        },
        {
          // An invitation sent by a session that was over, or before its sender's credentials ended.
          matcher: (ctx) => INVITATION_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const id =
              (ctx.body as { invitationId?: unknown } | undefined)?.invitationId ??
              (ctx.query as { id?: unknown } | undefined)?.id;
            if (typeof id !== 'string' || id === '') return;
            const [row] = await db
              .select({ epoch: invitation.credentialEpoch, senderEpoch: user.credentialEpoch })
              .from(invitation)
              .innerJoin(user, eq(user.id, invitation.inviterId))
              .where(eq(invitation.id, id));
            if (row && !epochHolds(row.epoch, row.senderEpoch)) {
              throw new APIError('BAD_REQUEST', {
                code: 'INVITATION_NOT_FOUND',
                message: 'Invitation not found',
              });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => (ctx.path ?? '') in STAMPED_BY_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const made = ctx.context.returned as { id?: unknown; name?: unknown } | undefined;
            const found = ctx.context.session as SessionWithUser | null;
            if (isAPIError(made) || typeof made?.id !== 'string' || !found) return;
            const { kind, mailed } = STAMPED_BY_PATH[ctx.path ?? ''] as (typeof STAMPED_BY_PATH)[string];
            await stampCredential(db, kind, made.id, sessionEpoch(found.session));
            if (mailed) {
              const name = typeof made.name === 'string' ? made.name : null;
              tellOwner(found.user, mailed, name, ctx.headers?.get('user-agent') ?? null);
            }
          }),
        },
        {
          matcher: (ctx) => (ctx.path ?? '') in EVENT_BY_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const found = ctx.context.session as SessionWithUser | null;
            if (isAPIError(ctx.context.returned) || !found) return;
            const event = EVENT_BY_PATH[ctx.path ?? ''] as CredentialEvent;
            // A password change replaced the session with a new one (better-auth): that one stays.
            const keep = ctx.context.newSession?.session.token ?? found.session.token;
            await endCredentials(db, ctx.context.internalAdapter, event, found.user.id, {
              keepSessionToken: keep,
            });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/**
 * Tells the owner a credential was added to their account (an API key, a passkey, a linked sign-in
 * method), with where from and when, whoever added it: the mail is not waited for.
 */
export function newCredentialMailer(config: Config, mailer: Mailer) {
  return (
    owner: { email: string; name?: string | null },
    kind: 'API key' | 'passkey' | 'sign-in method',
    name: string | null,
    userAgent: string | null,
  ) => {
    const link = `${currentAuthRequest()?.linkOrigin ?? new URL(config.publicUrl).origin}/account`;
    const content = newCredentialMail({
      name: owner.name,
      kind,
      credentialName: name,
      device: deviceLabel(describeUserAgent(userAgent)),
      at: new Date(),
      link,
    });
    void mailer.send({ to: owner.email, ...content, link });
  };
}

/**
 * better-auth's account `create.after` hook: a Google or GitHub sign-in linked to an account that had
 * another way in is a credential added, and its owner hears of it (a sign-up's first account is not).
 */
export function mailLinkedAccount(db: Db, config: Config, mailer: Mailer) {
  const tellOwner = newCredentialMailer(config, mailer);
  return async (
    created: { userId: string; providerId: string },
    context: { headers?: Headers } | null,
  ): Promise<void> => {
    // A password set through a reset link was proven by the mailbox the link went to.
    if (created.providerId === 'credential') return;
    const ways = await db.select({ id: account.id }).from(account).where(eq(account.userId, created.userId));
    if (ways.length < 2) return;
    const [owner] = await db
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, created.userId));
    if (!owner) return;
    const provider = SOCIAL_PROVIDER_LABELS[created.providerId as keyof typeof SOCIAL_PROVIDER_LABELS];
    tellOwner(
      owner,
      'sign-in method',
      provider ?? created.providerId,
      context?.headers?.get('user-agent') ?? null,
    );
  };
}

/**
 * better-auth's session `create.before` hook: a new session carries its account's current epoch, and is
 * made only while what its sign-in proved still holds (auth-request-scope.ts): the password it checked is
 * still the account's, the passkey it verified still registered. A sign-in with the old password that
 * raced a reset, or with a passkey the reset removed, makes no session.
 */
export function stampNewSession(db: Db) {
  return async <S extends { userId: string }>(session: S) => {
    const proof = currentAuthRequest()?.proofs.get(session.userId);
    if (proof && !(await proofHolds(db, session.userId, proof))) {
      throw new APIError('UNAUTHORIZED', {
        code: 'CREDENTIALS_ENDED',
        message: 'Your sign-in methods changed while you were signing in. Please sign in again.',
      });
    }
    const current = (await accountEpoch(db, session.userId))?.epoch ?? 0;
    return { data: { ...session, credentialEpoch: current } };
  };
}

async function proofHolds(db: Db, userId: string, proof: SignInProof): Promise<boolean> {
  if ('passwordHash' in proof) {
    const [row] = await db
      .select({ passwordHash: account.password })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
    return row?.passwordHash === proof.passwordHash;
  }
  const [row] = await db.select({ id: passkey.id }).from(passkey).where(eq(passkey.id, proof.passkeyId));
  return row !== undefined;
}

/**
 * The passkey plugin's `authentication.afterVerification`: a passkey made under an earlier epoch than
 * its account's (registered by a session a reset ended) no longer signs in, and is deleted; a valid one
 * is the sign-in's proof (stampNewSession).
 */
export function checkPasskeyEpoch(db: Db) {
  return async ({ verification }: { verification: { authenticationInfo: { credentialID: string } } }) => {
    const [row] = await db
      .select({
        id: passkey.id,
        userId: passkey.userId,
        epoch: passkey.credentialEpoch,
        accountEpoch: user.credentialEpoch,
      })
      .from(passkey)
      .innerJoin(user, eq(user.id, passkey.userId))
      .where(eq(passkey.credentialID, verification.authenticationInfo.credentialID));
    if (!row) return;
    if (!epochHolds(row.epoch, row.accountEpoch)) {
      await db.delete(passkey).where(eq(passkey.id, row.id));
      throw new APIError('UNAUTHORIZED', {
        code: 'PASSKEY_NOT_FOUND',
        message:
          'This passkey no longer signs in to this account. Sign in with your password or another way.',
      });
    }
    currentAuthRequest()?.proofs.set(row.userId, { passkeyId: row.id });
  };
}
