import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config';
import { configuredSocialProviders, providerEndpoints, socialProviderConfigs } from './social-providers.ts';

describe('social providers', () => {
  it('uses the real endpoints unless a base URL overrides them', () => {
    expect(providerEndpoints('google', undefined).token).toBe('https://oauth2.googleapis.com/token');
    expect(providerEndpoints('github', undefined).userInfo).toBe('https://api.github.com/user');
    expect(providerEndpoints('github', 'http://127.0.0.1:4599/')).toEqual({
      authorize: 'http://127.0.0.1:4599/authorize',
      token: 'http://127.0.0.1:4599/token',
      userInfo: 'http://127.0.0.1:4599/userinfo',
      emails: 'http://127.0.0.1:4599/userinfo/emails',
    });
  });

  it('enables a provider only with both its client id and secret', () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GITHUB_CLIENT_ID: 'only-id',
    });
    expect(configuredSocialProviders(config)).toEqual({ google: true, github: false });
    const configs = socialProviderConfigs(config);
    expect(configs.map((c) => c.providerId)).toEqual(['google']);
    expect(configs[0]).toMatchObject({
      authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
    });
  });

  it('has no provider without credentials', () => {
    expect(socialProviderConfigs(loadConfig({}))).toEqual([]);
  });
});
