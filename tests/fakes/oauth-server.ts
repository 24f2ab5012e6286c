import { fileURLToPath } from 'node:url';
import { OAuth2Server } from 'oauth2-mock-server';

/**
 * A local OAuth2/OIDC server (oauth2-mock-server) that stands in for Google and GitHub: point
 * GOOGLE_OAUTH_URL or GITHUB_OAUTH_URL at `url`. It approves every authorization at once and answers
 * /userinfo with one profile shaped for both providers (OIDC claims and GitHub's fields).
 *
 * Programmatic: `const oauth = await startOAuthServer({ user })`, then `await oauth.stop()`.
 * Command line (Playwright's webServer): `node tests/fakes/oauth-server.ts` listens on
 * OAUTH_MOCK_PORT (default 4599) until stopped.
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
  /** The profile the next sign-ins will get. */
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
  const verified = user.emailVerified ?? true;
  return {
    sub: user.id,
    email: user.email,
    email_verified: verified,
    name: user.name,
    picture: user.picture,
    // GitHub's /user shape:
    id: Number.isSafeInteger(Number(user.id)) ? Number(user.id) : user.id,
    login: user.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    avatar_url: user.picture,
  };
}

export async function startOAuthServer(
  options: { port?: number; host?: string; user?: FakeOAuthUser } = {},
): Promise<FakeOAuthServer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  let current = options.user ?? DEFAULT_FAKE_USER;
  server.service.on('beforeUserinfo', (response) => {
    response.body = userInfoBody(current);
    response.statusCode = 200;
  });
  server.service.on('beforeTokenSigning', (token) => {
    token.payload.sub = current.id;
    token.payload.email = current.email;
  });
  await server.start(options.port ?? 0, options.host ?? '127.0.0.1');
  const url = server.issuer.url;
  if (!url) throw new Error('the OAuth mock server did not report its URL');
  return {
    url,
    setUser(user) {
      current = user;
    },
    stop: () => server.stop(),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.env.OAUTH_MOCK_PORT ?? 4599);
  const oauth = await startOAuthServer({ port, host: process.env.OAUTH_MOCK_HOST ?? '127.0.0.1' });
  console.log(`OAuth mock server listening at ${oauth.url}`);
  const stop = () => void oauth.stop().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
