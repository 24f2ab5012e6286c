import type { FastifyRequest } from 'fastify';
import type { Config } from '#server/config/config';
import { resetPasswordMail, teamInvitationMail, verifyEmailMail } from '#server/mail/mail-templates';
import type { Mailer } from '#server/mail/mailer';
import { invitationLink } from '#shared/teams';
import { AUTH_BASE_PATH } from './auth-endpoint.ts';
import { currentAuthRequest } from './auth-request-scope.ts';
import { isMailableHost } from './own-address.ts';

/** A password reset link works once, for an hour (better-auth's verification row expires then). */
export const RESET_PASSWORD_EXPIRES_IN_SECONDS = 3600;
/** A verification link (a signed token, not stored) works for a day. */
export const VERIFY_EMAIL_EXPIRES_IN_SECONDS = 24 * 3600;

/** A team invitation can be accepted for a week (docs/product.md §9). */
export const INVITATION_EXPIRES_IN_SECONDS = 7 * 24 * 3600;

/** The web app's pages the links open (src/web/app/router.tsx). */
export const RESET_PASSWORD_PAGE = '/reset-password';
export const VERIFY_EMAIL_PAGE = '/verify-email';

interface MailedUser {
  email: string;
  name?: string | null;
}

/**
 * The origin the links of a request's mails are built on (SECURITY.md, "Mail links"): PUBLIC_URL's
 * when it is set. Else the name the request was sent to, if it is provably this server's own
 * (isMailableHost: a name of this machine or one of its bound IP addresses, never an address a request
 * merely claims), with the port the server listens on, never the one a Host header names: another
 * program may listen there on a shared host. Behind a proxy TRUST_PROXY names, the forwarded name and
 * port (X-Forwarded-Host, X-Forwarded-Port) and scheme, as the user reached the proxy. Anything else:
 * the default, http://localhost:PORT.
 */
export function mailLinkOrigin(config: Config, request: FastifyRequest): string {
  const fallback = new URL(config.publicUrl).origin;
  if (config.PUBLIC_URL) return fallback;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  let origin: URL;
  try {
    if (forwardedByTrustedProxy(request)) {
      origin = new URL(`${protocol}://${request.host}`);
      const port = lastEntry(request.headers['x-forwarded-port']);
      if (!origin.port && port && /^\d{1,5}$/.test(port)) origin.port = port;
    } else {
      origin = new URL(`${protocol}://${request.hostname}`);
      origin.port = String(listeningPort(config, request));
    }
  } catch {
    return fallback;
  }
  return isMailableHost(config, origin.hostname) ? origin.origin : fallback;
}

/** Whether the request came through a proxy TRUST_PROXY names, which said where the user reached it. */
function forwardedByTrustedProxy(request: FastifyRequest): boolean {
  // Fastify lists the forwarded addresses only from a trusted proxy (`ips` exists with TRUST_PROXY only).
  return (request.ips?.length ?? 0) > 1 && request.headers['x-forwarded-host'] !== undefined;
}

function lastEntry(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.at(-1) : header;
  return value?.split(',').at(-1)?.trim();
}

/** The port the connection arrived on: the one the server listens on (PORT when none, as app.inject has). */
function listeningPort(config: Config, request: FastifyRequest): number {
  const local = request.raw.socket?.localPort;
  if (typeof local === 'number' && local > 0) return local;
  // app.inject has no socket: PORT's (the default address holds it, 3000 for PORT=0).
  return Number(new URL(config.publicUrl).port || 80);
}

/** The link origin of the current /api/auth/* request (auth-request-scope.ts), else the default. */
function linkOrigin(config: Config): string {
  return currentAuthRequest()?.linkOrigin ?? new URL(config.publicUrl).origin;
}

/** The reset page with its token: the page sets the new password with better-auth's POST /reset-password. */
export function resetPasswordLink(origin: string, token: string): string {
  return `${origin}${RESET_PASSWORD_PAGE}?token=${encodeURIComponent(token)}`;
}

/**
 * better-auth's GET /verify-email, which marks the address verified and redirects to the web page
 * (with `?error=<CODE>` when the token is expired or wrong).
 */
export function verifyEmailLink(origin: string, token: string): string {
  const callback = encodeURIComponent(VERIFY_EMAIL_PAGE);
  return `${origin}${AUTH_BASE_PATH}/verify-email?token=${encodeURIComponent(token)}&callbackURL=${callback}`;
}

/**
 * The organization plugin's invitation mail, handed to the mailer and not waited for (as below): the
 * invitation exists either way, and its owner can cancel it and invite again.
 */
export function invitationMailSender(config: Config, mailer: Mailer) {
  return async (data: {
    id: string;
    email: string;
    role: string;
    organization: { name: string };
    inviter: { user: { name?: string | null; email: string } };
  }) => {
    const link = invitationLink(linkOrigin(config), data.id, data.email);
    const content = teamInvitationMail({
      inviter: data.inviter.user.name?.trim() || data.inviter.user.email,
      inviterEmail: data.inviter.user.email,
      team: data.organization.name,
      role: data.role,
      link,
      expiresInSeconds: INVITATION_EXPIRES_IN_SECONDS,
    });
    void mailer.send({ to: data.email, ...content, link });
  };
}

/**
 * better-auth's options for the password reset and e-mail verification mails. A message is handed to
 * the mailer and not waited for: the reply (and its timing) is the same whether or not a message went
 * out, and a mail failure is only logged (mail/mailer.ts).
 */
export function authMailOptions(config: Config, mailer: Mailer) {
  return {
    emailAndPassword: {
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_IN_SECONDS,
      // Every session ends, and with it its access tokens (the session delete hook revokes them).
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }: { user: MailedUser; token: string }) => {
        const link = resetPasswordLink(linkOrigin(config), token);
        const content = resetPasswordMail({
          name: user.name,
          link,
          expiresInSeconds: RESET_PASSWORD_EXPIRES_IN_SECONDS,
        });
        void mailer.send({ to: user.email, ...content, link });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The link proves the address, not who opens it: it signs no one in.
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN_SECONDS,
      sendVerificationEmail: async ({ user, token }: { user: MailedUser; token: string }) => {
        const link = verifyEmailLink(linkOrigin(config), token);
        const content = verifyEmailMail({
          name: user.name,
          link,
          expiresInSeconds: VERIFY_EMAIL_EXPIRES_IN_SECONDS,
          required: config.REQUIRE_EMAIL_VERIFICATION,
        });
        void mailer.send({ to: user.email, ...content, link });
      },
    },
  };
}
