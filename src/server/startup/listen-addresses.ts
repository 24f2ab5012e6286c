import type { NetworkInterfaceInfo } from 'node:os';

const ANY_IPV4 = '0.0.0.0';
const ANY_IPV6 = ['::', '[::]', '::0'];

/**
 * The addresses a person can open for a server listening on HOST and port: the host itself, or for
 * 0.0.0.0 (IPv4) and :: (IPv4 and IPv6) localhost followed by this machine's LAN addresses from
 * os.networkInterfaces() (IPv6 link-local ones left out: they need a zone that browsers do not take).
 */
export function listenUrls(
  host: string,
  port: number,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>,
): string[] {
  const url = (address: string) => `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  const anyV6 = ANY_IPV6.includes(host);
  if (host !== ANY_IPV4 && !anyV6) {
    return [url(host.replace(/^\[(.*)\]$/, '$1'))];
  }
  const lan = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((info) => !info.internal)
    .filter((info) => info.family === 'IPv4' || (anyV6 && !info.address.toLowerCase().startsWith('fe80:')))
    .sort((a, b) => (a.family === b.family ? 0 : a.family === 'IPv4' ? -1 : 1))
    .map((info) => url(info.address));
  return [url('localhost'), ...new Set(lan)];
}
