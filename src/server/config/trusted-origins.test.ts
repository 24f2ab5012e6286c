import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const trustedOrigins = (value: string | undefined) => loadConfig({ TRUSTED_ORIGINS: value }).TRUSTED_ORIGINS;

describe('TRUSTED_ORIGINS', () => {
  it.each([undefined, '', ' , '])('%j adds none', (value) => {
    expect(trustedOrigins(value)).toEqual([]);
  });

  it('takes comma-separated origins, written as browsers send them', () => {
    expect(
      trustedOrigins(
        ' https://Draft.Example.com , http://192.168.1.20:3000/,http://[::1]:3000,https://a.test:443',
      ),
    ).toEqual([
      'https://draft.example.com',
      'http://192.168.1.20:3000',
      'http://[::1]:3000',
      'https://a.test',
    ]);
  });

  it('lists each origin once', () => {
    expect(trustedOrigins('http://a.test,http://A.test/')).toEqual(['http://a.test']);
  });

  it.each([
    'draft.example.com',
    'ftp://draft.example.com',
    'https://draft.example.com/app',
    'https://draft.example.com?x=1',
    'https://draft.example.com#top',
    'https://user:pw@draft.example.com',
    'https://*.example.com',
    'javascript:alert(1)',
    'null',
  ])('refuses %s with a line that says what an origin is', (value) => {
    expect(() => trustedOrigins(`http://ok.test,${value}`)).toThrow(ConfigError);
    expect(() => trustedOrigins(value)).toThrow(
      `TRUSTED_ORIGINS: must be a comma-separated list of origins such as https://draftsmith.example.com or http://192.168.1.20:3000 (scheme, host and port only; not ${JSON.stringify(value)})`,
    );
  });
});
