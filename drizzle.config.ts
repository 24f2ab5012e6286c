import { defineConfig } from 'drizzle-kit';

// One migration set for PGlite and PostgreSQL alike; generated from src/server/db/schema.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
  casing: 'snake_case',
});
