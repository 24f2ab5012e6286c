import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { cookieHeader, TEST_ORIGIN } from '#tests/factories/account';

/**
 * A WebAuthn authenticator in the test process, speaking the protocol the passkey plugin verifies
 * (what Chromium's virtual authenticator does in e2e/passkeys.spec.ts): a P-256 key pair, a "none"
 * attestation at registration and ES256 assertions at sign-in, for the relying party of TEST_ORIGIN.
 */

/** Just enough CBOR (RFC 8949) for an attestation object and a COSE key. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** `name=value` pairs of two cookie headers together (a later pair with the same name wins). */
function mergeCookies(...headers: string[]): string {
  const pairs = new Map<string, string>();
  for (const header of headers) {
    for (const pair of header.split(/;\s*/)) {
      const eq = pair.indexOf('=');
      if (eq > 0) pairs.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  return [...pairs].map(([name, value]) => `${name}=${value}`).join('; ');
}

export interface VirtualPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  counter: number;
}

export function createVirtualAuthenticator(origin = TEST_ORIGIN) {
  const rpId = new URL(origin).hostname;

  function newPasskey(): VirtualPasskey {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    return { credentialId: randomBytes(16), privateKey, counter: 0 };
  }

  function coseKey(passkey: VirtualPasskey): Buffer {
    const jwk = passkey.privateKey.export({ format: 'jwk' }) as { x: string; y: string };
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
  }

  /** A PublicKeyCredential as the browser's JSON serialization sends it. */
  function credentialJson(passkey: VirtualPasskey, response: Record<string, unknown>) {
    const id = b64url(passkey.credentialId);
    const extras = { authenticatorAttachment: 'platform', clientExtensionResults: {} };
    return { id, rawId: id, type: 'public-key', ...extras, response };
  }

  function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The browser's answer to generate-register-options: a new credential with a "none" attestation. */
  function registrationResponse(passkey: VirtualPasskey, challenge: string) {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(passkey.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      Buffer.alloc(4), // sign count 0
      Buffer.alloc(16), // AAGUID
      idLength,
      passkey.credentialId,
      coseKey(passkey),
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return credentialJson(passkey, {
      clientDataJSON: b64url(clientData('webauthn.create', challenge)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    });
  }

  /** The browser's answer to generate-authenticate-options: an ES256 assertion by `passkey`. */
  function authenticationResponse(passkey: VirtualPasskey, challenge: string) {
    passkey.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(passkey.counter);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([0x05]), counter]);
    const clientDataJSON = clientData('webauthn.get', challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
    return credentialJson(passkey, {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
    });
  }

  async function challengeOf(
    app: FastifyInstance,
    path: string,
    cookie: string,
  ): Promise<{ challenge: string; cookie: string; options: LightMyRequestResponse }> {
    const options = await app.inject({
      method: 'GET',
      url: `/api/auth/passkey/${path}`,
      headers: { origin, ...(cookie ? { cookie } : {}) },
    });
    const challenge = options.statusCode === 200 ? (options.json().challenge as string) : '';
    return { challenge, cookie: mergeCookies(cookie, cookieHeader(options)), options };
  }

  return {
    newPasskey,
    authenticationResponse,
    /**
     * Registers `passkey` for the account signed in with `cookie` (the account page's Add a passkey):
     * the options call's answer when it is refused, else verify-registration's.
     */
    async register(app: FastifyInstance, cookie: string, passkey: VirtualPasskey, name = 'Test key') {
      const asked = await challengeOf(app, 'generate-register-options', cookie);
      if (asked.options.statusCode !== 200) return asked.options;
      return app.inject({
        method: 'POST',
        url: '/api/auth/passkey/verify-registration',
        headers: { origin, cookie: asked.cookie },
        payload: { response: registrationResponse(passkey, asked.challenge), name },
      });
    },
    /** Signs in with `passkey` (the sign-in page's Sign in with a passkey); its answer. */
    async signIn(app: FastifyInstance, passkey: VirtualPasskey) {
      const asked = await challengeOf(app, 'generate-authenticate-options', '');
      return app.inject({
        method: 'POST',
        url: '/api/auth/passkey/verify-authentication',
        headers: { origin, cookie: asked.cookie },
        payload: { response: authenticationResponse(passkey, asked.challenge) },
      });
    },
    /** Proves the owner of the session `cookie` again with `passkey` (POST /reauthenticate); its answer. */
    async reauthenticate(app: FastifyInstance, cookie: string, passkey: VirtualPasskey) {
      const asked = await challengeOf(app, 'generate-authenticate-options', cookie);
      return app.inject({
        method: 'POST',
        url: '/api/auth/reauthenticate',
        headers: { origin, cookie: asked.cookie },
        payload: { response: authenticationResponse(passkey, asked.challenge) },
      });
    },
  };
}
