import type { GenericOAuthConfig, GenericOAuthUserInfo } from 'better-auth/plugins/generic-oauth';
import type { Config } from '#server/config/config';

/**
 * Google and GitHub sign-in as better-auth generic OAuth providers (ADR 0004): one code path whose
 * endpoints are the real providers' by default, or those of any compatible server under
 * GOOGLE_OAUTH_URL / GITHUB_OAUTH_URL (`<base>/authorize`, `<base>/token`, `<base>/userinfo`), which
 * is how the tests point them at a local OAuth server.
 */
export const SOCIAL_PROVIDERS = ['google', 'github'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number];

export const SOCIAL_PROVIDER_LABELS: Record<SocialProviderId, string> = {
  google: 'Google',
  github: 'GitHub',
};

interface Endpoints {
  authorize: string;
  token: string;
  userInfo: string;
  /** GitHub only: the user's addresses, for accounts whose profile hides the e-mail. */
  emails?: string;
}

const REAL_ENDPOINTS: Record<SocialProviderId, Endpoints> = {
  google: {
    authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    userInfo: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  github: {
    authorize: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    userInfo: 'https://api.github.com/user',
    emails: 'https://api.github.com/user/emails',
  },
};

export function providerEndpoints(id: SocialProviderId, overrideBase: string | undefined): Endpoints {
  if (!overrideBase) return REAL_ENDPOINTS[id];
  const base = overrideBase.replace(/\/+$/, '');
  return {
    authorize: `${base}/authorize`,
    token: `${base}/token`,
    userInfo: `${base}/userinfo`,
    ...(id === 'github' ? { emails: `${base}/userinfo/emails` } : {}),
  };
}

interface ProviderSettings {
  clientId: string | undefined;
  clientSecret: string | undefined;
  overrideBase: string | undefined;
}

function settings(config: Config, id: SocialProviderId): ProviderSettings {
  return id === 'google'
    ? {
        clientId: config.GOOGLE_CLIENT_ID,
        clientSecret: config.GOOGLE_CLIENT_SECRET,
        overrideBase: config.GOOGLE_OAUTH_URL,
      }
    : {
        clientId: config.GITHUB_CLIENT_ID,
        clientSecret: config.GITHUB_CLIENT_SECRET,
        overrideBase: config.GITHUB_OAUTH_URL,
      };
}

/** Which providers have both a client id and a secret (GET /api/config). */
export function configuredSocialProviders(config: Config): Record<SocialProviderId, boolean> {
  const enabled = (id: SocialProviderId) => {
    const s = settings(config, id);
    return Boolean(s.clientId && s.clientSecret);
  };
  return { google: enabled('google'), github: enabled('github') };
}

async function getJson(url: string, accessToken: string | undefined): Promise<unknown> {
  if (!accessToken) return null;
  const response = await fetch(url, {
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/json',
      'user-agent': 'Draftsmith',
    },
    signal: AbortSignal.timeout(10_000),
    redirect: 'error',
  });
  return response.ok ? response.json() : null;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** OpenID Connect userinfo (Google): sub, email, email_verified, name, picture. */
async function googleUserInfo(
  endpoints: Endpoints,
  accessToken: string | undefined,
): Promise<GenericOAuthUserInfo | null> {
  const profile = await getJson(endpoints.userInfo, accessToken);
  if (!isObject(profile) || !str(profile.sub)) return null;
  return {
    id: String(profile.sub),
    name: str(profile.name) ?? str(profile.given_name),
    email: str(profile.email) ?? null,
    emailVerified: profile.email_verified === true || profile.email_verified === 'true',
    image: str(profile.picture),
  };
}

/** GitHub's /user, plus /user/emails when the profile keeps the address private. */
async function githubUserInfo(
  endpoints: Endpoints,
  accessToken: string | undefined,
): Promise<GenericOAuthUserInfo | null> {
  const profile = await getJson(endpoints.userInfo, accessToken);
  if (!isObject(profile) || (typeof profile.id !== 'number' && !str(profile.id))) return null;
  let email = str(profile.email);
  let emailVerified = false;
  const emails = endpoints.emails ? await getJson(endpoints.emails, accessToken).catch(() => null) : null;
  if (Array.isArray(emails)) {
    const entries = emails.filter(isObject);
    const chosen = email
      ? entries.find((e) => e.email === email)
      : (entries.find((e) => e.primary) ?? entries[0]);
    email ??= str(chosen?.email);
    emailVerified = chosen?.verified === true;
  } else if (profile.email_verified === true) {
    // Compatible test servers answer the profile with the flag and no /user/emails.
    emailVerified = true;
  }
  return {
    id: String(profile.id),
    name: str(profile.name) ?? str(profile.login),
    email: email ?? null,
    emailVerified,
    image: str(profile.avatar_url),
  };
}

/** The generic OAuth entries for the providers that have credentials. */
export function socialProviderConfigs(config: Config): GenericOAuthConfig[] {
  const configs: GenericOAuthConfig[] = [];
  for (const id of SOCIAL_PROVIDERS) {
    const { clientId, clientSecret, overrideBase } = settings(config, id);
    if (!clientId || !clientSecret) continue;
    const endpoints = providerEndpoints(id, overrideBase);
    configs.push({
      providerId: id,
      name: SOCIAL_PROVIDER_LABELS[id],
      clientId,
      clientSecret,
      authorizationUrl: endpoints.authorize,
      tokenUrl: endpoints.token,
      userInfoUrl: endpoints.userInfo,
      scopes: id === 'google' ? ['openid', 'email', 'profile'] : ['read:user', 'user:email'],
      pkce: true,
      accountSubject: ({ profile }) => String(profile.id ?? ''),
      getUserInfo: (tokens) =>
        id === 'google'
          ? googleUserInfo(endpoints, tokens.accessToken)
          : githubUserInfo(endpoints, tokens.accessToken),
    });
  }
  return configs;
}
