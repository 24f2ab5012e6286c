// `npm run openapi:types`: writes the API's TypeScript types (tests/generated/openapi.gen.ts) from the
// OpenAPI document; tests/integration/openapi.test.ts fails while the committed file is out of date.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { currentOpenapiDocument, OPENAPI_TYPES_FILE, openapiTypes } from '#tests/helpers/openapi-types';

writeFileSync(OPENAPI_TYPES_FILE, await openapiTypes(await currentOpenapiDocument()));
console.log(`Wrote ${fileURLToPath(OPENAPI_TYPES_FILE)}`);
