/**
 * Debian's Chromium, as the browser tests and the Lighthouse audit launch it. The flags keep it off the
 * network it cannot reach here (background updates, sync, QUIC) and let it run as root in CI.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
