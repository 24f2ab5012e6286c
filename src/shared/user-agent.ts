/** A session's device as the account page names it, read from its User-Agent. */
export interface DeviceDescription {
  /** 'Chrome', 'Firefox', …, or null when unknown. */
  browser: string | null;
  /** 'Windows', 'macOS', 'iOS', …, or null when unknown. */
  os: string | null;
  kind: 'desktop' | 'mobile' | 'tablet';
}

// Order matters: Edge, Opera and Samsung Internet also say "Chrome" and "Safari"; Chrome says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
  [/\bnode\b|\bundici\b/i, 'Node.js'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPad\b/, 'iPadOS'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const tablet = /\biPad\b|\bTablet\b/.test(ua) || (/\bAndroid\b/.test(ua) && !/\bMobile\b/.test(ua));
  const kind = tablet ? 'tablet' : /\bMobi|\biPhone\b|\biPod\b/.test(ua) ? 'mobile' : 'desktop';
  return { browser, os, kind };
}

/** 'Chrome on macOS', 'Safari on iOS', 'Firefox', or 'Unknown device'. */
export function deviceLabel({ browser, os }: DeviceDescription): string {
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}
