import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config';
import { isOwnHost } from './own-address.ts';

/** URL hostnames as requestOrigin gives them (lower case, IPv4 normalised, IPv6 in brackets). */
const host = (address: string) => new URL(`http://${address}`).hostname;

describe('isOwnHost', () => {
  const config = loadConfig({});

  it.each([
    '127.0.0.1:3000',
    '192.168.1.20',
    '10.0.0.5:8080',
    '[::1]:3000',
    '[fd00::20]',
    'localhost:3000',
    'LOCALHOST',
    'draft.localhost:5173',
    '0x7f.1', // the URL parser reads it as 127.0.0.1, as a browser does
  ])('accepts %s, an address only this machine answers to', (address) => {
    expect(isOwnHost(config, host(address))).toBe(true);
  });

  it('accepts this machine’s name and its mDNS name, in any case', () => {
    const machine = hostname();
    expect(isOwnHost(config, host(`${machine}:3000`))).toBe(true);
    expect(isOwnHost(config, host(`${machine.toUpperCase()}.local:3000`))).toBe(true);
  });

  it.each([
    'evil.example:3000',
    'localhost.evil.example',
    'evil-localhost',
    'localhost.',
    '127.0.0.1.nip.io',
    `${hostname()}.evil.example`,
  ])('refuses %s, a name someone else’s DNS could point here', (address) => {
    expect(isOwnHost(config, host(address))).toBe(false);
  });

  it('accepts the hosts of TRUSTED_ORIGINS (any port) and the name HOST listens on', () => {
    const named = loadConfig({ TRUSTED_ORIGINS: 'https://draft.example.com', HOST: 'NAS.lan' });
    expect(isOwnHost(named, host('draft.example.com'))).toBe(true);
    expect(isOwnHost(named, host('Draft.Example.com:3000'))).toBe(true);
    expect(isOwnHost(named, host('nas.lan:3000'))).toBe(true);
    expect(isOwnHost(named, host('example.com'))).toBe(false);
    expect(isOwnHost(config, host('draft.example.com'))).toBe(false);
  });
});
