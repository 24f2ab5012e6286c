import { apiKey } from '@better-auth/api-key';
import { passkey as passkeyPlugin } from '@better-auth/passkey';
import { type AuthContext, type BetterAuthPlugin, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins/admin';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { organization as organizationPlugin } from 'better-auth/plugins/organization';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { roleForEmail } from '#server/config/admin-emails';
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import {
  account,
  apikey,
  invitation,
  member,
  organization,
  passkey,
  session,
  user,
  verification,
} from '#server/db/schema';
import type { AppError } from '#server/errors';
import { errorForLog } from '#server/logger-options';
import type { Mailer } from '#server/mail/mailer';
import type { FileStorage } from '#server/storage/file-storage';
import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/auth-schemas';
import { accountDeletion } from './account-deletion.ts';
import { API_KEY_OPTIONS } from './api-keys.ts';
import { AUTH_BASE_PATH } from './auth-endpoint.ts';
import { authMailOptions, INVITATION_EXPIRES_IN_SECONDS, invitationMailSender } from './auth-mails.ts';
import { endCredentials } from './credential-epochs.ts';
import {
  type CredentialPluginDeps,
  checkPasskeyEpoch,
  credentialPlugin,
  mailLinkedAccount,
  stampNewSession,
} from './credential-plugin.ts';
import { betterAuthEnvWarnings } from './origins.ts';
import { sharedSecondaryStorage } from './redis-secondary-storage.ts';
import { socialProviderConfigs } from './social-providers.ts';
import type { TokenRevocations } from './token-revocations.ts';
import { userFieldHooks } from './user-fields.ts';

export interface AuthDeps {
  config: Config;
  db: Db;
  secret: string;
  redis: Redis | null;
  revocations: TokenRevocations;
  /** Where uploaded files live: an account's are deleted with it. */
  fileStorage: FileStorage;
  log: FastifyBaseLogger;
  /** Password reset and e-mail verification messages (auth-mails.ts). */
  mailer: Mailer;
  /** What other domains add to accounts (auth-extensions.ts composes them in the app). */
  extensions: AuthExtensions;
}

/**
 * What the domains above auth hook into it, given rather than imported so that auth depends on none of
 * them: teams' rules and seats, users' photo cleanup.
 */
export interface AuthExtensions {
  /** More better-auth plugins (teams' invitation rules and departures). */
  plugins: BetterAuthPlugin[];
  /** The organization plugin's `membershipLimit`: the members a team may have (its seats). */
  membershipLimit: (user: unknown, team: { id: string }) => Promise<number>;
  /** After better-auth updated a user (update-user): e.g. a photo it hid stops being public. */
  afterUserUpdate: (user: { id: string; image?: string | null }) => Promise<void>;
  /**
   * The product's own words for some of better-auth's answers, by endpoint (`/organization/accept-
   * invitation`: a team without a free seat): given the answer, or what better-auth threw (`response`
   * null), an error to answer instead, or null to pass the answer on.
   */
  refusals: Record<string, (response: Response | null, thrown: unknown) => Promise<AppError | null>>;
}

/** What a disabled account is told when it signs in (and when it asks for an API token). */
export const DISABLED_ACCOUNT_MESSAGE =
  'This account has been disabled. Contact the administrator of this Draftsmith server if you think this is a mistake.';

/**
 * better-auth messages that are expected here: the unset base URL is deliberate (see baseURL below),
 * a refused origin is logged by the mount with the setting that fixes it (auth/origins.ts), and a
 * refused API key is the caller's 401 (authenticate.ts).
 */
const QUIETED = [
  '[better-auth] Base URL is not set',
  'Invalid origin:',
  "If it's a valid URL",
  'Failed to validate API key',
  // request-password-reset for an unknown address: the caller gets the same answer, the log no warning.
  'Reset Password: User not found',
];

/**
 * The better-auth instance: e-mail/password accounts, cookie sessions, Google and GitHub when
 * configured. Its own rate limiter is off: sign-in and sign-up are limited in front of it
 * (plugins/rate-limit-auth.ts) with messages users can read.
 */
export function createAuth({
  config,
  db,
  secret,
  redis,
  revocations,
  fileStorage,
  log,
  mailer,
  extensions,
}: AuthDeps) {
  const socialProviders = socialProviderConfigs(config);
  const publicUrl = config.PUBLIC_URL ? config.publicUrl : undefined;
  // better-auth's own variables would change which pages sign in behind PUBLIC_URL's and TRUSTED_ORIGINS' back.
  for (const warning of betterAuthEnvWarnings(process.env, publicUrl !== undefined)) log.warn(warning);
  const mails = authMailOptions(config, mailer);
  const deletion = accountDeletion({ db, fileStorage, log });
  // The options below reach better-auth's own context and API lazily, once it exists.
  let bound: { internalAdapter: Promise<InternalAdapter>; api: BoundApi } | undefined;
  const boundAuth = () => {
    if (!bound) throw new Error('better-auth is not ready yet');
    return bound;
  };
  const auth = betterAuth({
    appName: 'Draftsmith',
    // Left unset without PUBLIC_URL: better-auth then takes each request's own address (the mount builds the
    // request's URL on it, auth/origins.ts) as its base URL and trusted origin, so each of the server's
    // own addresses signs in (any other name is refused before this) and OAuth returns to the address
    // the user opened.
    baseURL: publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    // PUBLIC_URL's origin (or the request's own) is trusted by better-auth itself; these are the extras.
    trustedOrigins: config.TRUSTED_ORIGINS,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, apikey, passkey, organization, member, invitation },
    }),
    secondaryStorage: redis ? sharedSecondaryStorage(redis) : undefined,
    session: {
      ...(redis ? { storeSessionInDatabase: true } : {}),
      // Freshness is the credential plugin's (credential-plugin.ts): a re-authentication counts, which
      // better-auth's own check (the session's creation time only) would not see.
      freshAge: 0,
      additionalFields: {
        // The credential epoch the session was proven under (credential-epochs.ts), set by the server only.
        credentialEpoch: { type: 'number', required: false, input: false },
        reauthenticatedAt: { type: 'date', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      // 'Forgot password?': a single-use link for an hour; every session ends with the reset.
      ...mails.emailAndPassword,
      // A reset is how an account is taken back: everything whoever held it may have added ends with it.
      onPasswordReset: async ({ user: owner }) => {
        await endCredentials(db, await boundAuth().internalAdapter, 'password_reset', owner.id);
      },
    },
    // A verification link at sign-up (and on request); REQUIRE_EMAIL_VERIFICATION gates the tools on it.
    emailVerification: mails.emailVerification,
    // POST /api/auth/delete-user: the password (or a fresh social session), files removed after the rows.
    user: { deleteUser: deletion.options },
    databaseHooks: {
      // Name and image rules on every user write, whichever endpoint or path spelling led to it.
      user: {
        ...userFieldHooks.user,
        // ADMIN_EMAILS decides the role from the first sign-up on (admin/admin-roles.ts keeps it in step).
        create: {
          before: async (data, context) => {
            const checked = await userFieldHooks.user.create.before(data, context);
            return { data: { ...checked.data, role: roleForEmail(config.ADMIN_EMAILS, data.email) } };
          },
        },
        // A photo the user removed or replaced (update-user) stops being public.
        update: { ...userFieldHooks.user.update, after: extensions.afterUserUpdate },
        delete: { after: async (deleted) => revocations.revokeUser(deleted.id) },
      },
      // A Google or GitHub sign-in linked to an existing account is mailed to its owner.
      account: { create: { after: mailLinkedAccount(db, config, mailer) } },
      session: {
        // The credential epoch it is proven under (credential-epochs.ts).
        create: { before: stampNewSession(db) },
        // However a session ends (sign-out, revoked, a password change), its access tokens end with it.
        delete: { after: async (ended) => revocations.revokeSession(ended.id) },
      },
    },
    plugins: [
      // Roles and disabled accounts: a disabled account's sign-in is refused with this message. Its
      // endpoints are not mounted (auth-endpoint-policies.ts): admins act through /api/admin (routes/admin.ts).
      admin({ bannedUserMessage: DISABLED_ACCOUNT_MESSAGE }),
      deletion.plugin,
      ...(socialProviders.length > 0 ? [genericOAuth({ config: socialProviders })] : []),
      // Personal API keys (auth/api-keys.ts): made and listed with the session cookie, verified by authenticate.ts.
      apiKey(API_KEY_OPTIONS),
      // Passkeys: the relying party is PUBLIC_URL's host, else the host of each request's own address
      // (better-auth hands the plugin that address as its base URL); the page's origin is the one better-auth
      // already checked. Browsers offer passkeys only in a secure context (https, or localhost).
      // A passkey registered under an earlier credential epoch than its account's no longer signs in.
      passkeyPlugin({ rpName: 'Draftsmith', authentication: { afterVerification: checkPasskeyEpoch(db) } }),
      // Credential epochs, fresh sign-ins, new-credential mails and POST /reauthenticate (ADR 0027).
      credentialPlugin({ db, config, mailer, api: () => boundAuth().api }),
      // Teams (ADR 0026): roles owner, admin and member; invitations by e-mail for a week. The session's
      // active organization is the workspace its access tokens carry (routes/jwt.ts).
      organizationPlugin({
        invitationExpiresIn: INVITATION_EXPIRES_IN_SECONDS,
        cancelPendingInvitationsOnReInvite: true,
        // Paid seats: an invitation past them is accepted once an owner adds seats (teams/team-seats.ts).
        membershipLimit: extensions.membershipLimit,
        sendInvitationEmail: invitationMailSender(config, mailer),
      }),
      // The other domains' rules (teams: who may invite and how many a day, a departing member's copies).
      ...extensions.plugins,
    ],
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      // better-auth turns these off when NODE_ENV=test; keep them on so tests see production behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // Secure cookies only for an https PUBLIC_URL: they would be dropped over http on a LAN address.
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // The Fastify mount sets this header from the socket (or the trusted proxy) before forwarding.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    onAPIError: {
      // A failed OAuth callback without its own error page lands on the sign-in screen (?error=…).
      errorURL: `${publicUrl ?? ''}/signin`,
      // An unexpected error reaches the mount (auth-plugin.ts), which answers and logs it as every route's
      // (without a database error's parameters, which better-call would print to stderr otherwise).
      throw: true,
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        // Errors as the log writes them everywhere: without a database error's parameters (logger-options.ts).
        const fields = args.length > 0 ? { detail: args.map(errorForLog) } : {};
        if (QUIETED.some((start) => message.startsWith(start))) log.debug(fields, `auth: ${message}`);
        else if (level === 'error') log.error(fields, `auth: ${message}`);
        else if (level === 'warn') log.warn(fields, `auth: ${message}`);
        else log.debug(fields, `auth: ${message}`);
      },
    },
  });
  bound = {
    // The context's adapter is typed for these exact options; the epochs use the general one.
    internalAdapter: auth.$context.then((context) => context.internalAdapter as unknown as InternalAdapter),
    api: {
      // A re-authentication's passkey answer is checked by the plugin as its sign-in's would be.
      verifyPasskeyAuthentication: (input) =>
        auth.api.verifyPasskeyAuthentication(
          // The plugin validates the answer's shape itself (a bad one is its 400).
          input as unknown as Parameters<typeof auth.api.verifyPasskeyAuthentication>[0],
        ),
    },
  };
  return auth;
}

type BoundApi = ReturnType<CredentialPluginDeps['api']>;
type InternalAdapter = AuthContext['internalAdapter'];

export type Auth = ReturnType<typeof createAuth>;
