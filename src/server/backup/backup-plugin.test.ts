import { describe, expect, it } from 'vitest';
import { localUrl } from './backup-plugin.ts';

describe('localUrl', () => {
  it('names the address a command on this machine reaches', () => {
    expect(localUrl([{ address: '0.0.0.0', family: 'IPv4', port: 3000 }])).toBe('http://127.0.0.1:3000');
    expect(localUrl([{ address: '::', family: 'IPv6', port: 3000 }])).toBe('http://[::1]:3000');
    expect(
      localUrl([
        { address: '::1', family: 'IPv6', port: 8080 },
        { address: '127.0.0.1', family: 'IPv4', port: 8080 },
      ]),
    ).toBe('http://127.0.0.1:8080');
    expect(localUrl([{ address: '192.168.1.20', family: 'IPv4', port: 80 }])).toBe('http://192.168.1.20:80');
    expect(localUrl(['/run/draftsmith.sock'])).toBeNull();
  });
});
