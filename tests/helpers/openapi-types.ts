import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import { createTestApp } from './test-app.ts';

/** The committed TypeScript types of the API (`npm run openapi:types`), for clients such as openapi-fetch. */
export const OPENAPI_TYPES_FILE = new URL('../generated/openapi.gen.ts', import.meta.url);

/** The OpenAPI document of the whole app, as GET /api/openapi.json serves it (routes do not depend on settings). */
export async function currentOpenapiDocument(): Promise<OpenAPI3> {
  const t = await createTestApp('pglite');
  try {
    return (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  } finally {
    await t.close();
  }
}

/** The types openapi-typescript writes for `document`, as the committed file holds them. */
export async function openapiTypes(document: OpenAPI3): Promise<string> {
  return `${COMMENT_HEADER}${astToString(await openapiTS(document))}`;
}
