import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { OAuth2Server } from 'oauth2-mock-server';

/**
 * A local OAuth2/OIDC server (oauth2-mock-server) that stands in for Google and GitHub: point
 * GOOGLE_OAUTH_URL or GITHUB_OAUTH_URL at `url`. It approves every authorization at once and answers
 * /userinfo with a profile shaped for both providers (OIDC claims and GitHub's fields).
 *
 * Whose profile: the one given to `setUser` (integration tests), or with `freshUsers` a new person for
 * every authorization, so parallel end-to-end tests each get a first sign-in of their own (with the
 * address of the authorization's `login_hint`, if any).
 *
 * Programmatic: `const oauth = await startOAuthServer({ user })`, then `await oauth.stop()`.
 * Command line (manual runs against `npm run dev`): `node tests/fakes/oauth-server.ts` listens on
 * OAUTH_MOCK_PORT (default 4599) with fresh users until stopped.
 */
export interface FakeOAuthUser {
  /** Subject (Google `sub`, GitHub `id`). */
  id: string;
  email: string;
  name: string;
  picture?: string;
  emailVerified?: boolean;
}

export interface FakeOAuthServer {
  /** Base URL to put in GOOGLE_OAUTH_URL / GITHUB_OAUTH_URL. */
  url: string;
  /** The profile the next sign-ins will get (turns `freshUsers` off). */
  setUser(user: FakeOAuthUser): void;
  stop(): Promise<void>;
}

export const DEFAULT_FAKE_USER: FakeOAuthUser = {
  id: '4242',
  email: 'octo.writer@example.test',
  name: 'Octo Writer',
  picture: 'https://avatars.example.test/octo.png',
  emailVerified: true,
};

export function userInfoBody(user: FakeOAuthUser) {
  return {
    sub: user.id,
    email: user.email,
    email_verified: user.emailVerified ?? true,
    name: user.name,
    picture: user.picture,
    // GitHub's /user shape:
    id: Number.isSafeInteger(Number(user.id)) ? Number(user.id) : user.id,
    login: user.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    avatar_url: user.picture,
  };
}

function freshUser(email?: string | null): FakeOAuthUser {
  const id = randomUUID().slice(0, 8);
  return {
    id: `social-${id}`,
    email: email || `social-${id}@example.test`,
    name: `Social Writer ${id}`,
    emailVerified: true,
  };
}

/** The `sub` claim of the bearer access token (a JWT this server signed); no need to verify it here. */
function subjectOf(authorization: string | undefined): string | undefined {
  const payload = authorization?.replace(/^Bearer\s+/i, '').split('.')[1];
  if (!payload) return undefined;
  try {
    return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub?: string }).sub;
  } catch {
    return undefined;
  }
}

export async function startOAuthServer(
  options: { port?: number; host?: string; user?: FakeOAuthUser; freshUsers?: boolean } = {},
): Promise<FakeOAuthServer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  let fixed: FakeOAuthUser | null = options.freshUsers ? null : (options.user ?? DEFAULT_FAKE_USER);
  const byCode = new Map<string, FakeOAuthUser>();
  const bySubject = new Map<string, FakeOAuthUser>();

  server.service.on('beforeAuthorizeRedirect', ({ url }, req: { url?: string }) => {
    const code = url.searchParams.get('code');
    // A `login_hint` names the address the person picks at the provider (linking asks for the account's own).
    const hint = new URL(req.url ?? '/', 'http://fake').searchParams.get('login_hint');
    if (code) byCode.set(code, fixed ?? freshUser(hint));
  });
  server.service.on('beforeTokenSigning', (token, req) => {
    const code = (req.body as { code?: unknown }).code;
    const user = (typeof code === 'string' ? byCode.get(code) : undefined) ?? fixed ?? freshUser();
    bySubject.set(user.id, user);
    token.payload.sub = user.id;
    token.payload.email = user.email;
  });
  server.service.on('beforeUserinfo', (response, req) => {
    const user = bySubject.get(subjectOf(req.headers.authorization) ?? '');
    response.statusCode = user ? 200 : 401;
    response.body = user ? userInfoBody(user) : { error: 'invalid_token' };
  });

  const host = options.host ?? '127.0.0.1';
  await server.start(options.port ?? 0, host);
  // The address it really listens on (its issuer URL says "localhost", which may resolve to ::1).
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${server.address().port}`;
  return {
    url,
    setUser(user) {
      fixed = user;
    },
    stop: () => server.stop(),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.env.OAUTH_MOCK_PORT ?? 4599);
  const oauth = await startOAuthServer({
    port,
    host: process.env.OAUTH_MOCK_HOST ?? '127.0.0.1',
    freshUsers: true,
  });
  console.log(`OAuth mock server listening at ${oauth.url}`);
  const stop = () => void oauth.stop().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
