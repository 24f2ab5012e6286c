import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appVersion } from '#server/app-version';
import { type DocumentExtras, documentObject, documentRoute } from './document.ts';
import { referenceUi } from './reference-ui.ts';
import { SECURITY_SCHEMES } from './security.ts';

const OPENAPI_PATH = '/api/openapi.json';

/** The areas of the API, in the reference's order. */
const TAGS = [
  {
    name: 'auth',
    'x-displayName': 'Sign-in',
    description:
      'Sign-up, sign-in and sessions (better-auth, a session cookie), and `POST /api/jwt`, which trades the session for the access token every other call sends. JSON or form-encoded bodies.',
  },
  {
    name: 'account',
    'x-displayName': 'Account',
    description:
      'The signed-in account, with the session cookie: profile, password, sessions, sign-in methods, API keys, passkeys, deletion.',
  },
  {
    name: 'users',
    'x-displayName': 'Users',
    description: 'The caller’s profile with its plan and usage, its photo, and the export of its data.',
  },
  {
    name: 'tools',
    'x-displayName': 'Tools',
    description: 'The AI tools (JSON or server-sent events), Stop, and the model’s state.',
  },
  { name: 'history', 'x-displayName': 'History', description: 'The caller’s saved chats.' },
  {
    name: 'teams',
    'x-displayName': 'Teams',
    description:
      'A team’s usage and shared chats, and sharing a chat with the caller’s team (teams themselves, ' +
      'invitations and roles are better-auth’s /api/auth/organization/* endpoints).',
  },
  {
    name: 'billing',
    'x-displayName': 'Billing',
    description: 'Stripe Checkout and the customer portal; Stripe’s webhook.',
  },
  {
    name: 'admin',
    'x-displayName': 'Admin',
    description: 'Administrators only (ADMIN_EMAILS): accounts, plans, usage.',
  },
  {
    name: 'health',
    'x-displayName': 'Health',
    description: 'Liveness and the components’ state, for monitoring and load balancers.',
  },
  {
    name: 'config',
    'x-displayName': 'Configuration',
    description: 'What the web app reads before anyone signs in.',
  },
];

const DESCRIPTION = [
  'The API of a Draftsmith server: the web app uses nothing else.',
  '',
  '**Signing in.** `POST /api/auth/sign-up/email` or `/sign-in/email` sets the session cookie; ' +
    '`POST /api/jwt` trades it for an access token (15 minutes), sent as `Authorization: Bearer <token>`. ' +
    'A personal API key (`ds_…`, `POST /api/auth/api-key/create`) can be sent instead, as a bearer token or in `x-api-key`.',
  '',
  '**Errors** always come as `{"error": {"code": "type:surface", "message": "…"}}`: the type gives the status ' +
    '(`bad_request` 400, `unauthorized` 401, `forbidden` 403, `rate_limit` 429, …), the message can be shown to a user.',
  '',
  '**Limits** answer 429 with `Retry-After`; a plan with no generations left answers 402.',
].join('\n');

/**
 * The OpenAPI 3.1 document of every route, generated from the route schemas that validate requests
 * (@fastify/swagger with fastify-type-provider-zod's transforms), at /api/openapi.json (public), and
 * its reference UI at /api/docs (public). Registered before the routes, so that it sees each of them.
 * `extras` are what the domains add that no route declares (app.ts: better-auth's paths, the SSE events).
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance, extras: DocumentExtras) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Draftsmith', version: appVersion(), description: DESCRIPTION },
        // With PUBLIC_URL, the address calls go to; without it, the address the document was read from.
        ...(app.config.PUBLIC_URL ? { servers: [{ url: app.config.publicUrl }] } : {}),
        tags: TAGS,
        components: { securitySchemes: SECURITY_SCHEMES },
      },
      transform: documentRoute,
      transformObject: documentObject(extras),
    });

    app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').send(app.swagger()),
    );
    await app.register(referenceUi);
  },
  { name: 'openapi' },
);
