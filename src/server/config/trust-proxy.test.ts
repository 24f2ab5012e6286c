import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const trustProxy = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it.each([undefined, '', 'false', '0', 'no'])('%s trusts no proxy', (value) => {
    expect(trustProxy(value)).toBe(false);
  });

  it('takes a number of proxies', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy(' 2 ')).toBe(2);
  });

  it('takes proxy addresses and networks', () => {
    expect(trustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true, which would let every client choose its own address', () => {
    expect(() => trustProxy('true')).toThrow(ConfigError);
    expect(() => trustProxy('true')).toThrow(/TRUST_PROXY: true would trust every X-Forwarded-For hop/);
  });

  it.each([
    '10.0.0.0/33',
    'proxy.internal',
    '11',
    '1.2.3.4/8/1',
    '10.0.0.1/x',
    '0.0.0.0/0',
    '::/0',
    '10.0.0.0/7',
  ])('refuses %s', (value) => {
    expect(() => trustProxy(value)).toThrow(/TRUST_PROXY/);
  });
});
