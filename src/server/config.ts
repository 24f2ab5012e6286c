import { z } from 'zod';

/** Every environment variable the server reads, validated once at boot (README has the table). */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  PUBLIC_URL: optionalString.pipe(
    z.url({ message: 'must be a URL such as https://draftsmith.example.com' }).optional(),
  ),
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  BETTER_AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  /** Test and self-hosted-IdP hooks: override the providers' OAuth endpoints (base URL of a compatible server). */
  GOOGLE_OAUTH_URL: optionalString.pipe(z.url().optional()),
  GITHUB_OAUTH_URL: optionalString.pipe(z.url().optional()),
  /** Sign-in (and, counted apart, sign-up) attempts per IP per minute; 0 turns the limit off. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(0).default(10),
  /** Sign-in (and, counted apart, sign-up) attempts per e-mail address per 10 minutes; 0 turns it off. */
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(0).default(10),
  AI_PROVIDER: z.enum(['local', 'openai', 'anthropic', 'google', 'openai-compatible']).optional(),
  AI_MODEL: optionalString,
  AI_BASE_URL: optionalString.pipe(z.url().optional()),
  AI_API_KEY: optionalString,
  OPENAI_API_KEY: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  GOOGLE_GENERATIVE_AI_API_KEY: optionalString,
  LOCAL_MODEL: optionalString,
  LOCAL_MODEL_THREADS: z.coerce.number().int().min(1).max(256).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** Absolute form of PUBLIC_URL, defaulting to http://localhost:PORT. */
  publicUrl: string;
  isProduction: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const port = e.PORT === 0 ? 3000 : e.PORT;
  return {
    ...e,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    isProduction: e.NODE_ENV === 'production',
  };
}
