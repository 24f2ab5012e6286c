import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config';
import {
  authOrigin,
  betterAuthEnvWarnings,
  betterAuthUrlVariables,
  originMismatchMessage,
  pageOrigin,
  requestOrigin,
  unknownAddressMessage,
} from './origins.ts';

const at = (protocol: string, host: string) => ({ protocol, host }) as { protocol: 'http'; host: string };

describe('requestOrigin', () => {
  it.each([
    ['http', 'localhost:3000', 'http://localhost:3000'],
    ['http', '127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http', '[::1]:3000', 'http://[::1]:3000'],
    ['http', '192.168.1.20:3000', 'http://192.168.1.20:3000'],
    ['https', 'Draft.Example.com', 'https://draft.example.com'],
    ['http', '127.0.0.1:80', 'http://127.0.0.1'],
  ])('%s + Host %s is %s', (protocol, host, origin) => {
    expect(requestOrigin(at(protocol, host))).toBe(origin);
  });

  it.each([
    ['http', ''],
    ['ftp', 'localhost'],
    ['javascript', 'alert(1)'],
    ['http', 'evil.test/path'],
    ['http', 'user@evil.test'],
    ['http', 'evil.test?x'],
    ['http', 'evil.test#x'],
    ['http', 'a b'],
    ['http', 'localhost:99999'],
  ])('%s + Host %j is no origin', (protocol, host) => {
    expect(requestOrigin(at(protocol, host))).toBeNull();
  });
});

describe('authOrigin', () => {
  it('is the address of each request while PUBLIC_URL is unset', () => {
    const config = loadConfig({ PORT: '3000' });
    expect(authOrigin(config, at('http', '127.0.0.1:3000'))).toBe('http://127.0.0.1:3000');
    expect(authOrigin(config, at('http', '[::1]:3000'))).toBe('http://[::1]:3000');
    // A Host that is not an address falls back to the server's default address.
    expect(authOrigin(config, at('http', 'bad/host'))).toBe('http://localhost:3000');
  });

  it('is null for a request sent to a name that is not the server’s own, unless TRUSTED_ORIGINS names it', () => {
    const config = loadConfig({ PORT: '3000' });
    expect(authOrigin(config, at('http', 'evil.example:3000'))).toBeNull();
    expect(authOrigin(config, at('https', 'draft.example.com'))).toBeNull();
    const machine = hostname().toLowerCase();
    expect(authOrigin(config, at('http', `${machine}:3000`))).toBe(`http://${machine}:3000`);
    const trusting = loadConfig({ PORT: '3000', TRUSTED_ORIGINS: 'https://draft.example.com' });
    expect(authOrigin(trusting, at('https', 'draft.example.com'))).toBe('https://draft.example.com');
    expect(authOrigin(trusting, at('http', 'evil.example:3000'))).toBeNull();
  });

  it('is PUBLIC_URL whatever the request was sent to', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://draft.example.com/' });
    expect(authOrigin(config, at('http', '10.0.0.5:3000'))).toBe('https://draft.example.com');
  });
});

describe('pageOrigin', () => {
  it('reads Origin, else the origin of Referer, as better-auth does', () => {
    expect(pageOrigin({ origin: 'http://10.0.0.5:3000' })).toBe('http://10.0.0.5:3000');
    expect(pageOrigin({ referer: 'http://10.0.0.5:3000/signup?x=1' })).toBe('http://10.0.0.5:3000');
    expect(pageOrigin({ origin: 'null', referer: 'http://a.test/x' })).toBe('http://a.test');
    expect(pageOrigin({ referer: 'not a url' })).toBeNull();
    expect(pageOrigin({})).toBeNull();
  });
});

describe('originMismatchMessage', () => {
  it('names the expected address, the one used and the setting', () => {
    expect(originMismatchMessage('https://draft.example.com', 'http://10.0.0.5:3000')).toBe(
      'This server expects https://draft.example.com but was opened at http://10.0.0.5:3000. Open it at https://draft.example.com, or add http://10.0.0.5:3000 to TRUSTED_ORIGINS.',
    );
  });
});

describe('unknownAddressMessage', () => {
  it('names the address used and both settings that accept it', () => {
    expect(unknownAddressMessage('http://nas:3000')).toBe(
      'This server was opened at http://nas:3000, a name it does not know as its own. Set PUBLIC_URL to the address you use, or add http://nas:3000 to TRUSTED_ORIGINS.',
    );
  });
});

describe('betterAuthEnvWarnings', () => {
  it('warns of better-auth’s base-URL variables only without PUBLIC_URL', () => {
    const env = { BETTER_AUTH_URL: 'http://localhost:3000' };
    expect(betterAuthEnvWarnings(env, false)).toEqual([
      'auth: BETTER_AUTH_URL is set, so sign-in only accepts that address; Draftsmith reads PUBLIC_URL: set it instead and unset BETTER_AUTH_URL',
    ]);
    expect(betterAuthEnvWarnings(env, true)).toEqual([]);
  });

  it('warns of BETTER_AUTH_TRUSTED_ORIGINS in either case (better-auth adds its pages silently)', () => {
    const warning =
      'auth: BETTER_AUTH_TRUSTED_ORIGINS is set, so sign-in also accepts the pages it lists; Draftsmith reads TRUSTED_ORIGINS: move them there and unset BETTER_AUTH_TRUSTED_ORIGINS';
    const env = { BETTER_AUTH_TRUSTED_ORIGINS: 'http://evil.example:3000' };
    expect(betterAuthEnvWarnings(env, true)).toEqual([warning]);
    expect(betterAuthEnvWarnings(env, false)).toEqual([warning]);
    expect(betterAuthEnvWarnings({ BETTER_AUTH_TRUSTED_ORIGINS: ' ' }, false)).toEqual([]);
    expect(betterAuthEnvWarnings({}, false)).toEqual([]);
  });
});

describe('betterAuthUrlVariables', () => {
  it('names better-auth’s own base-URL variables that are set (they would pin sign-in to one address)', () => {
    expect(betterAuthUrlVariables({})).toEqual([]);
    expect(betterAuthUrlVariables({ BASE_URL: '/', BETTER_AUTH_URL: ' ' })).toEqual([]);
    expect(
      betterAuthUrlVariables({ BETTER_AUTH_URL: 'http://localhost:3000', BASE_URL: 'http://x' }),
    ).toEqual(['BETTER_AUTH_URL', 'BASE_URL']);
  });
});
