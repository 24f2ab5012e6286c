// The built server reads its SQL migrations next to dist/server/db/client.js.
import { cpSync } from 'node:fs';

cpSync('src/server/db/migrations', 'dist/server/db/migrations', { recursive: true });
