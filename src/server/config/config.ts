import { z } from 'zod';
import { adminEmailsSetting } from './admin-emails.ts';
import { checkBillingSettings } from './billing-settings.ts';
import { trustProxySetting } from './trust-proxy.ts';
import { trustedOriginsSetting } from './trusted-origins.ts';

/** Where data lives without DATA_DIR (also the backup and restore commands' default). */
export const DEFAULT_DATA_DIR = './data';

/** Every environment variable the server reads, validated once at boot (README has the table). */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** On/off settings: true, false, 1, 0, yes, no, on, off (any case); unset is off. */
const booleanSetting = optionalString.pipe(
  z
    .string()
    .toLowerCase()
    .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { message: 'must be true or false' }))
    .transform((v) => ['true', '1', 'yes', 'on'].includes(v))
    .optional()
    .transform((v) => v ?? false),
);

const envFields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  PUBLIC_URL: optionalString.pipe(
    z.url({ message: 'must be a URL such as https://draftsmith.example.com' }).optional(),
  ),
  TRUST_PROXY: trustProxySetting,
  /** More origins accepted by the auth origin check, beside PUBLIC_URL's (or the request's own). */
  TRUSTED_ORIGINS: trustedOriginsSetting,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** When set, GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`; unset, it is open (metrics/). */
  METRICS_TOKEN: optionalString.pipe(
    z
      .string()
      .min(16, 'must be at least 16 characters (e.g. openssl rand -hex 32)')
      .regex(/^\S+$/, 'must not contain spaces')
      .optional(),
  ),
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  /** Where uploads live (default DATA_DIR/uploads): one directory every instance shares, e.g. a volume. */
  UPLOADS_DIR: optionalString,
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
  /** Accounts with these e-mail addresses (comma-separated, any case) are admins (admin/admin-roles.ts). */
  ADMIN_EMAILS: adminEmailsSetting,
  /** Stripe billing (billing/): all three of the key, the webhook secret and one price id turn it on. */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_STARTER_MONTHLY: optionalString,
  STRIPE_PRICE_STARTER_YEARLY: optionalString,
  STRIPE_PRICE_PRO_MONTHLY: optionalString,
  STRIPE_PRICE_PRO_YEARLY: optionalString,
  STRIPE_PRICE_ENTERPRISE_MONTHLY: optionalString,
  STRIPE_PRICE_ENTERPRISE_YEARLY: optionalString,
  /** Test and proxy hook: the Stripe API's base URL (default https://api.stripe.com). */
  STRIPE_API_URL: optionalString.pipe(z.url().optional()),
  /** Where the Enterprise plan's 'Contact sales' writes to. */
  SALES_EMAIL: optionalString.pipe(z.email({ message: 'must be an e-mail address' }).optional()),
  /** Sign-in (and, counted apart, sign-up) attempts per IP per minute; 0 turns the limit off. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(0).default(10),
  /** Failed password attempts per account and IP per 10 minutes (then the account slows down); 0 turns it off. */
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(0).default(10),
  /**
   * How recent a sign-in (or a re-authentication) must be to add an API key or a passkey, or to unlink a
   * sign-in method (auth/credential-plugin.ts); older sessions confirm it's you first.
   */
  AUTH_FRESH_SIGN_IN_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Outgoing mail (mail/): smtp:// or smtps:// with credentials; without it messages go to DATA_DIR/outbox. */
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .refine((v) => /^smtps?:\/\//i.test(v) && URL.canParse(v) && new URL(v).hostname !== '', {
        message:
          'must be a URL such as smtps://user:password@smtp.example.com:465 or smtp://smtp.example.com:587',
      })
      .optional(),
  ),
  /** The sender of every message (default `Draftsmith <no-reply@<PUBLIC_URL's host>>`). */
  MAIL_FROM: optionalString.pipe(
    z
      .string()
      .regex(/^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, {
        message: 'must be an address such as no-reply@example.com or Draftsmith <no-reply@example.com>',
      })
      .optional(),
  ),
  /** When on, the tools refuse (403) an account whose e-mail address is not verified. */
  REQUIRE_EMAIL_VERIFICATION: booleanSetting,
  AI_PROVIDER: z.enum(['local', 'openai', 'anthropic', 'google', 'openai-compatible']).optional(),
  AI_MODEL: optionalString,
  AI_BASE_URL: optionalString.pipe(z.url().optional()),
  AI_API_KEY: optionalString,
  OPENAI_API_KEY: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  GOOGLE_GENERATIVE_AI_API_KEY: optionalString,
  LOCAL_MODEL: optionalString,
  LOCAL_MODEL_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  LOCAL_MODEL_SHA256: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex digits')
      .optional(),
  ),
  LOCAL_MODEL_CONTEXT: z.coerce.number().int().min(512).max(131072).default(8192),
  LOCAL_MODEL_PARALLEL: z.coerce.number().int().min(1).max(16).default(1),
  /** The local model leaves memory after this long without use (loaded again by the next request); 0: never. */
  LOCAL_MODEL_IDLE_MS: z.coerce.number().int().min(0).max(604_800_000).default(900_000),
  AI_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1000).default(8),
  /** Generations one user may have running (or waiting for the local model) at once. */
  AI_MAX_IN_FLIGHT_PER_USER: z.coerce.number().int().min(1).max(1000).default(2),
  /** Tool calls per user per minute (every instance counted together with Redis); 0 turns it off. */
  AI_RATE_LIMIT_PER_USER: z.coerce.number().int().min(0).default(30),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  AI_RETRY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  AI_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(16).max(65536).default(2048),
  /** A remote model's context window in tokens (the local model's is known once it is loaded). */
  AI_CONTEXT_TOKENS: z.coerce.number().int().min(2048).max(10_000_000).default(128_000),
  /** Largest part of a long document summarized in one model call, in tokens (never more than the context allows). */
  SUMMARY_CHUNK_TOKENS: z.coerce.number().int().min(500).max(1_000_000).default(6000),
  /** Parts of one long document summarized at once by a remote provider (the local model takes its own turns). */
  SUMMARY_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(3),
  /**
   * On SIGTERM/SIGINT, how long running generations may go on to finish (health answers 503 'draining',
   * new generations are refused) before the rest are stopped and saved as stopped.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /**
   * How long a finished generation keeps retrying its history write (with backoff) while the database is
   * unreachable, its text kept in memory meanwhile.
   */
  HISTORY_SAVE_RETRY_MS: z.coerce.number().int().min(0).max(3_600_000).default(600_000),
  /** AI generations a month on the free plan (the paid plans' limits are in src/shared/plans.ts). */
  FREE_GENERATIONS_PER_MONTH: z.coerce.number().int().min(0).max(1_000_000).default(20),
  /** Saved chats one user may keep; 0 means no limit. */
  HISTORY_MAX_CHATS_PER_USER: z.coerce.number().int().min(0).default(5000),
  /** Bytes of saved chats one user may keep (titles and messages, UTF-8); 0 means no limit. */
  HISTORY_MAX_BYTES_PER_USER: z.coerce.number().int().min(0).default(52_428_800), // 50 MB
  /** Chats one user may save through POST /api/history per minute; 0 turns the limit off. */
  HISTORY_RATE_LIMIT_PER_USER: z.coerce.number().int().min(0).default(60),
  /** Profile photo uploads per user per minute; 0 turns the limit off. */
  PHOTO_RATE_LIMIT_PER_USER: z.coerce.number().int().min(0).default(10),
  /** Photos the process re-encodes at once (twice as many may wait); the rest answer 503. */
  PHOTO_PROCESSING_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Largest document upload (.txt, .pdf, .doc, .docx, .odt), in bytes. */
  DOCUMENT_MAX_BYTES: z.coerce.number().int().min(1).max(1_073_741_824).default(20_971_520), // 20 MB
  /** Most pages of a PDF that is read. */
  DOCUMENT_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(500),
  /** Most characters of text taken from one document (about 500 dense pages). */
  DOCUMENT_MAX_CHARS: z.coerce.number().int().min(1000).max(100_000_000).default(2_000_000),
  /** Most entries in a .docx or .odt (both are zip archives). */
  DOCUMENT_ZIP_MAX_ENTRIES: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Most bytes one entry of a .docx or .odt may unpack to. */
  DOCUMENT_ZIP_MAX_ENTRY_BYTES: z.coerce.number().int().min(1024).default(104_857_600), // 100 MB
  /** Most bytes all entries of a .docx or .odt may unpack to together. */
  DOCUMENT_ZIP_MAX_TOTAL_BYTES: z.coerce.number().int().min(1024).default(268_435_456), // 256 MB
  /** Longest one document extraction may run before its process is killed. */
  DOCUMENT_EXTRACTION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
  /** Memory one extraction process may add to what it holds once started (address space and heap), in MB. */
  DOCUMENT_EXTRACTION_MEMORY_MB: z.coerce.number().int().min(64).max(65_536).default(512),
  /** Extraction processes at once (never more than the cores; default 2); twice as many may wait, then 503. */
  DOCUMENT_EXTRACTION_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
});

const envSchema = envFields.superRefine(checkAiSettings).superRefine(checkBillingSettings);

/** The name of every variable the server reads. */
export const ENV_VARIABLES: readonly string[] = Object.keys(envFields.shape);

/** Cross-field rules for the AI provider: a remote provider needs its key, a compatible one its URL and model. */
function checkAiSettings(e: z.infer<typeof envFields>, ctx: z.RefinementCtx) {
  const need = (key: string, message: string) => ctx.addIssue({ code: 'custom', path: [key], message });
  const keys = {
    openai: e.OPENAI_API_KEY,
    anthropic: e.ANTHROPIC_API_KEY,
    google: e.GOOGLE_GENERATIVE_AI_API_KEY,
  };
  const names = {
    openai: 'OPENAI_API_KEY',
    anthropic: 'ANTHROPIC_API_KEY',
    google: 'GOOGLE_GENERATIVE_AI_API_KEY',
  };
  if (e.AI_PROVIDER === 'openai-compatible') {
    if (!e.AI_BASE_URL)
      need('AI_BASE_URL', 'is required with AI_PROVIDER=openai-compatible (e.g. http://localhost:11434/v1)');
    if (!e.AI_MODEL)
      need('AI_MODEL', 'is required with AI_PROVIDER=openai-compatible (the served model name)');
  } else if (e.AI_PROVIDER && e.AI_PROVIDER !== 'local' && !keys[e.AI_PROVIDER] && !e.AI_API_KEY) {
    need(names[e.AI_PROVIDER], `is required with AI_PROVIDER=${e.AI_PROVIDER} (or set AI_API_KEY)`);
  }
}

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** Absolute form of PUBLIC_URL, defaulting to http://localhost:PORT. */
  publicUrl: string;
  isProduction: boolean;
  /** The variables above exactly as set (non-empty), for the settings a backup records. */
  environment: Readonly<Record<string, string>>;
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
    environment: Object.fromEntries(
      ENV_VARIABLES.flatMap((name) => {
        const value = env[name];
        return value === undefined || value.trim() === '' ? [] : [[name, value]];
      }),
    ),
  };
}
