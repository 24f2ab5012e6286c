import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { AppError } from '#server/errors';

const DOCS_PATH = '/api/docs';
const PAGE_PATH = `${DOCS_PATH}/`;
const SCRIPT_PATH = `${DOCS_PATH}/js/scalar.js`;
/** What Scalar's answers carry that the forwarded answer keeps (helmet's and this server's own are set here). */
const FORWARDED_HEADERS = ['content-type', 'location'] as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/** The page's inline scripts (Scalar's start-up call), as CSP hash sources. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (match) => `'sha256-${sha256(match[1] ?? '')}'`,
  );
}

/** helmet's policy (app.ts) with these scripts added to `script-src`, and nothing else relaxed. */
function withScriptHashes(policy: string, hashes: string[]): string {
  const directives = policy.split(';').map((directive) => directive.trim());
  const index = directives.findIndex((directive) => directive.startsWith('script-src '));
  if (index === -1) directives.push(`script-src 'self' ${hashes.join(' ')}`);
  else directives[index] = `${directives[index]} ${hashes.join(' ')}`;
  return directives.filter(Boolean).join(';');
}

/**
 * The API reference at /api/docs (public): Scalar's page, which loads the bundled viewer from this server
 * (`/api/docs/js/scalar.js`, no CDN) and reads the document from /api/openapi.json. Its one inline script
 * is allowed by its hash in this page's CSP only; every other page keeps app.ts's policy. The 4 MB viewer
 * is revalidated by its ETag.
 */
export async function referenceUi(app: FastifyInstance): Promise<void> {
  let scriptTag: string | null = null;
  const isScript = (request: FastifyRequest) => request.routeOptions.url === SCRIPT_PATH;

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (isScript(request)) {
      if (scriptTag !== null && request.headers['if-none-match'] === scriptTag) {
        return reply.code(304).header('etag', scriptTag).header('cache-control', 'no-cache').send();
      }
    } else if (!URL.canParse(`${request.protocol}://${request.host}`)) {
      // Scalar's page builds a URL on the Host header: a malformed one is the caller's error, not a 500.
      throw new AppError('bad_request:host', 'The Host header is not a valid address.');
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string') return payload;
    if (isScript(request) && reply.statusCode === 200) {
      scriptTag ??= `"${sha256(payload)}"`;
      reply.header('etag', scriptTag).header('cache-control', 'no-cache');
      return payload;
    }
    const policy = reply.getHeader('content-security-policy');
    const hashes = inlineScriptHashes(payload);
    if (
      typeof policy === 'string' &&
      hashes.length > 0 &&
      /^text\/html/.test(String(reply.getHeader('content-type')))
    ) {
      reply.header('content-security-policy', withScriptHashes(policy, hashes));
    }
    return payload;
  });

  // Scalar's plugin and its 4 MB viewer (about 17 MB of memory) are loaded on the first visit to the
  // reference, in an app of their own, rather than at every start (issue 15: a small server's memory).
  let scalar: Promise<FastifyInstance> | undefined;
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    scalar ??= createScalarApp().catch((err: unknown) => {
      scalar = undefined; // a failed load is tried again by the next visit
      throw err;
    });
    const answer = await (await scalar).inject({ method: 'GET', url: request.url });
    for (const name of FORWARDED_HEADERS) {
      const value = answer.headers[name];
      if (typeof value === 'string') reply.header(name, value);
    }
    return reply.code(answer.statusCode).send(answer.body);
  };
  for (const url of [DOCS_PATH, PAGE_PATH, SCRIPT_PATH]) {
    app.get(url, { schema: { hide: true } }, forward);
  }
}

/** Scalar's own Fastify plugin in an app that serves nothing but the reference (forwarded to by `inject`). */
async function createScalarApp(): Promise<FastifyInstance> {
  const { default: scalarApiReference } = await import('@scalar/fastify-api-reference');
  const scalar = Fastify({ logger: false });
  await scalar.register(scalarApiReference, {
    routePrefix: DOCS_PATH,
    configuration: {
      url: '/api/openapi.json',
      pageTitle: 'Draftsmith API reference',
      // Nothing from outside: system fonts, no telemetry, no calls to Scalar's services.
      withDefaultFonts: false,
      telemetry: false,
      showDeveloperTools: 'never',
      agent: { disabled: true },
      mcp: { disabled: true },
      hideClientButton: true,
      defaultOpenAllTags: false,
      persistAuth: false,
    },
  });
  await scalar.ready();
  return scalar;
}
