/**
 * Random but reproducible request parts for the API fuzz test (fuzz.test.ts): a seeded PRNG and
 * generators of bodies, content types, headers and path parameters, biased towards the shapes that
 * break parsers (wrong types, deep nesting, malformed encodings, traversal attempts).
 */
export type Random = () => number;

/** mulberry32: tiny, fast, and the same sequence for the same seed. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

const STRINGS = [
  '',
  ' ',
  'a',
  'Secret#123',
  'ada@example.test',
  'not-an-email',
  '../../etc/passwd',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '\u0000',
  '\ud800',
  '😀'.repeat(50),
  'x'.repeat(5000),
  'google',
  'github',
  'javascript',
  '/services/code-explainer',
  'https://evil.example/',
  'true',
  '0',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
];

export function randomString(random: Random): string {
  if (random() < 0.8) return pick(random, STRINGS);
  const length = Math.floor(random() * 40);
  return Array.from({ length }, () => String.fromCharCode(Math.floor(random() * 0xffff))).join('');
}

const KEYS = [
  'email',
  'password',
  'name',
  'username',
  'provider',
  'callbackURL',
  'errorCallbackURL',
  'idToken',
  'token',
  'title',
  'uid',
  'service',
  'messages',
  'code',
  'language',
  'topic',
  'tone',
  'prompt',
  'image',
  'rememberMe',
  '__proto__',
  'constructor',
];

export function randomValue(random: Random, depth = 0): unknown {
  const roll = random();
  if (depth > 3 || roll < 0.35) return randomString(random);
  if (roll < 0.45) return Math.floor(random() * 2 ** 32) - 2 ** 31;
  if (roll < 0.5) return pick(random, [true, false, null, 0, -0, 1.5, Number.MAX_SAFE_INTEGER]);
  if (roll < 0.7)
    return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
  return randomObject(random, depth + 1);
}

export function randomObject(random: Random, depth = 0): Record<string, unknown> {
  const entries = Array.from({ length: Math.floor(random() * 6) }, () => [
    random() < 0.85 ? pick(random, KEYS) : randomString(random),
    randomValue(random, depth),
  ]);
  return Object.fromEntries(entries);
}

export interface FuzzBody {
  contentType: string | undefined;
  payload: string | Buffer | undefined;
}

export function randomBody(random: Random): FuzzBody {
  const roll = random();
  if (roll < 0.35) return { contentType: 'application/json', payload: JSON.stringify(randomObject(random)) };
  if (roll < 0.45) return { contentType: 'application/json', payload: JSON.stringify(randomValue(random)) };
  if (roll < 0.55) {
    const broken = pick(random, [
      '{',
      '{"a":',
      '[1,',
      '{"email":"x"}}',
      'nul',
      '\u0000',
      '{"a":1e99999}',
      '"\\ud800"',
    ]);
    return {
      contentType: pick(random, ['application/json', 'application/json; charset=utf-8']),
      payload: broken,
    };
  }
  if (roll < 0.62) {
    const form = new URLSearchParams(Object.entries(randomObject(random)).map(([k, v]) => [k, String(v)]));
    return { contentType: 'application/x-www-form-urlencoded', payload: form.toString() };
  }
  if (roll < 0.7) {
    const boundary = pick(random, ['b', 'x'.repeat(80), '']);
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="${pick(random, KEYS)}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${randomString(random)}\r\n--${boundary}--\r\n`;
    return {
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: random() < 0.5 ? body : body.slice(0, 30),
    };
  }
  if (roll < 0.78) {
    const bytes = Buffer.from(
      Array.from({ length: Math.floor(random() * 512) }, () => Math.floor(random() * 256)),
    );
    return {
      contentType: pick(random, ['application/octet-stream', 'image/png', 'application/json', undefined]),
      payload: bytes,
    };
  }
  if (roll < 0.86) {
    return {
      contentType: pick(random, [
        'text/plain',
        'application/xml',
        'text/html',
        'application/x-www-form-urlencoded',
      ]),
      payload: randomString(random),
    };
  }
  return { contentType: undefined, payload: undefined };
}

export function randomHeaders(
  random: Random,
  valid: { bearer: string; cookie: string },
): Record<string, string> {
  const headers: Record<string, string> = {};
  const auth = random();
  if (auth < 0.3) headers.authorization = `Bearer ${valid.bearer}`;
  else if (auth < 0.5)
    headers.authorization = pick(random, [
      'Bearer',
      'Bearer ',
      'Basic Zm9vOmJhcg==',
      'Bearer a.b.c',
      `Bearer ${'x'.repeat(3000)}`,
    ]);
  if (random() < 0.4)
    headers.cookie = random() < 0.6 ? valid.cookie : `better-auth.session_token=${randomString(random)}`;
  if (random() < 0.6)
    headers.origin = pick(random, ['http://localhost:3000', 'https://evil.example', 'null', '']);
  if (random() < 0.2) headers['x-forwarded-for'] = pick(random, ['1.2.3.4', 'garbage', '::1, 10.0.0.1']);
  if (random() < 0.2) headers.accept = pick(random, ['text/html', '*/*', 'application/xml', '']);
  if (random() < 0.1) headers['content-encoding'] = pick(random, ['gzip', 'br', 'identity']);
  return headers;
}
