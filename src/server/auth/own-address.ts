import { isIPv4, isIPv6 } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import type { Config } from '#server/config/config';

/**
 * Whether a request sent to `host` (a URL hostname: lower case, IPv6 in brackets) reached this server
 * by an address only its owner controls, so that with PUBLIC_URL unset a page from that address may
 * sign in as this server's own. A name from someone else's DNS may not: rebound to 127.0.0.1 it would
 * make any website the owner visits a page of this server (DNS rebinding, SECURITY.md).
 * Own addresses: IP literals, localhost and *.localhost (browsers resolve those themselves), this
 * machine's name (os.hostname(), and <name>.local over mDNS), the name HOST listens on, and the host
 * of each TRUSTED_ORIGINS entry. Any port.
 */
export function isOwnHost(config: Config, host: string): boolean {
  const name = host.toLowerCase();
  if (isIPv4(name)) return true;
  if (name.startsWith('[') && name.endsWith(']') && isIPv6(name.slice(1, -1))) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return ownNames(config).includes(name);
}

/** The names of this server that are not IP literals or localhost, in lower case. */
function ownNames(config: Config): string[] {
  // Read each time: a machine can be renamed while the server runs, and this is one syscall.
  const machine = hostname().toLowerCase();
  const trusted = config.TRUSTED_ORIGINS.map((origin) => new URL(origin).hostname);
  // HOST is printed on the start-up banner as the address to open when it is a name.
  return [machine, `${machine}.local`, config.HOST.toLowerCase(), ...trusted];
}

/** This machine's IP addresses right now (every interface; loopback included). */
function boundAddresses(): Set<string> {
  const addresses = new Set<string>();
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) addresses.add(entry.address.toLowerCase());
  }
  return addresses;
}

/**
 * Stricter than isOwnHost, for links the server mails out with PUBLIC_URL unset: anyone can send a
 * request with `Host: <their own IP>`, so an IP literal counts only if it is one of this machine's
 * addresses (or loopback). A link to any other host could hand a reset token to whoever runs it.
 */
export function isMailableHost(config: Config, host: string): boolean {
  const name = host.toLowerCase();
  const literal = name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name;
  if (isIPv4(literal) || isIPv6(literal)) {
    return literal.startsWith('127.') || literal === '::1' || boundAddresses().has(literal);
  }
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return ownNames(config).includes(name);
}
