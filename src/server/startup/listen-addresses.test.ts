import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { listenUrls } from './listen-addresses.ts';

const info = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;

/** What os.networkInterfaces() gives on a machine with a loopback and one LAN card (both families). */
const interfaces = {
  lo: [info('127.0.0.1', 'IPv4', true), info('::1', 'IPv6', true)],
  eth0: [info('fd00::2', 'IPv6'), info('192.168.1.20', 'IPv4'), info('fe80::fc:ff:fe00:1', 'IPv6')],
  wlan0: [info('10.0.0.7', 'IPv4')],
};

describe('listenUrls', () => {
  it('gives the host itself for one interface', () => {
    expect(listenUrls('localhost', 3000, interfaces)).toEqual(['http://localhost:3000']);
    expect(listenUrls('127.0.0.1', 8080, interfaces)).toEqual(['http://127.0.0.1:8080']);
    expect(listenUrls('192.168.1.20', 3000, interfaces)).toEqual(['http://192.168.1.20:3000']);
    expect(listenUrls('::1', 3000, interfaces)).toEqual(['http://[::1]:3000']);
    expect(listenUrls('[fd00::2]', 3000, interfaces)).toEqual(['http://[fd00::2]:3000']);
  });

  it('gives localhost and every LAN IPv4 address for 0.0.0.0', () => {
    expect(listenUrls('0.0.0.0', 3000, interfaces)).toEqual([
      'http://localhost:3000',
      'http://192.168.1.20:3000',
      'http://10.0.0.7:3000',
    ]);
  });

  it('adds the IPv6 addresses, not link-local ones, for ::', () => {
    expect(listenUrls('::', 3000, interfaces)).toEqual([
      'http://localhost:3000',
      'http://192.168.1.20:3000',
      'http://10.0.0.7:3000',
      'http://[fd00::2]:3000',
    ]);
  });

  it('gives localhost alone on a machine without a network', () => {
    expect(listenUrls('0.0.0.0', 3000, { lo: interfaces.lo })).toEqual(['http://localhost:3000']);
  });
});
