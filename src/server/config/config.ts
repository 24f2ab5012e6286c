import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { adminEmailsSetting } from './admin-emails.ts';
import { checkBillingSettings } from './billing-settings.ts';
import { trustProxySetting } from './trust-proxy.ts';
import { trustedOriginsSetting } from './trusted-origins.ts';

/** Where data lives without DATA_DIR (also the backup and restore commands' default). */
export const DEFAULT_DATA_DIR = './data';

/**
 * Every environment variable the server reads, validated once at boot, each with its meaning: the
 * configuration reference (docs/configuration.md) and .env.example are written from this schema.
 */
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

/** What the configuration reference says of a setting: its meaning, and a default the schema computes. */
function about(description: string, shownDefault?: string) {
  return { description, ...(shownDefault ? { shownDefault } : {}) };
}

/** A whole number within bounds (`0` allowed where min is 0), with its default or none, and its meaning. */
function integer(
  bounds: { min: number; max?: number; default: number },
  description: string,
  shownDefault?: string,
): z.ZodDefault<z.ZodCoercedNumber>;
function integer(
  bounds: { min: number; max?: number },
  description: string,
  shownDefault?: string,
): z.ZodOptional<z.ZodCoercedNumber>;
function integer(
  bounds: { min: number; max?: number; default?: number },
  description: string,
  shownDefault?: string,
) {
  const number = z.coerce.number().int().min(bounds.min);
  const bounded = bounds.max === undefined ? number : number.max(bounds.max);
  const setting = bounds.default === undefined ? bounded.optional() : bounded.default(bounds.default);
  return setting.meta(about(description, shownDefault));
}

/** A Stripe price variable's description. */
const stripePrice = (plan: string, period: string) =>
  about(
    `The Stripe price id (\`price_…\`) of ${plan}, ${period}; unset, it is not sold online.` +
      (plan === 'Enterprise'
        ? ' Enterprise is priced per seat and sold to teams (a seat per member, from the team page); without its prices it is sold through `SALES_EMAIL`.'
        : ''),
  );

const serverSettings = {
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('production')
    .meta(about('`development` for `npm run dev`; `test` in the test suites.')),
  PORT: integer({ min: 0, max: 65535, default: 3000 }, 'The HTTP port it listens on.'),
  HOST: z.string().default('localhost').meta(about('Interface to listen on; `0.0.0.0` in containers.')),
  PUBLIC_URL: optionalString
    .pipe(z.url({ message: 'must be a URL such as https://draftsmith.example.com' }).optional())
    .meta(
      about(
        'The address users reach: only its pages (and `TRUSTED_ORIGINS`) may sign in, and OAuth callbacks, secure cookies and page links use it. Set it for HTTPS. Unset: IPs, `localhost` and this machine’s name work (behind `TRUST_PROXY`, the forwarded one); other names are refused.',
        'each request’s own address, if it is the server’s own',
      ),
    ),
  TRUSTED_ORIGINS: trustedOriginsSetting.meta(
    about(
      'More origins whose pages may sign in, comma-separated, scheme, host and port only (`http://192.168.1.20:5173`): beside `PUBLIC_URL`, or, unset, the request’s own address, their hosts then counting as the server’s own. Anything else is refused with a message saying what to set.',
    ),
  ),
  TRUST_PROXY: trustProxySetting.meta(
    about(
      'The proxies whose `X-Forwarded-For` the server believes: their number (`1` behind one reverse proxy) or their addresses and networks (`127.0.0.1,10.0.0.0/8`, `loopback`). `true` is refused: it would let clients pick the address their limits count.',
      'off',
    ),
  ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .meta(about('pino log level (`fatal` … `trace`, `silent`).')),
  LOG_FORMAT: z
    .enum(['auto', 'json', 'pretty'])
    .default('auto')
    .meta(
      about(
        'How the log is written. `auto`: in a terminal, every line (requests included) as JSON into `DATA_DIR/logs/server.log` (10 MiB, then it becomes `server.log.1` and a new one starts), and on the terminal the other lines (warnings, errors, a few events) as one readable line each, above a start banner redrawn in place; elsewhere (systemd, Docker, a pipe) JSON lines on stdout. `json` or `pretty` force either.',
      ),
    ),
  METRICS_TOKEN: optionalString
    .pipe(
      z
        .string()
        .min(16, 'must be at least 16 characters (e.g. openssl rand -hex 32)')
        .regex(/^\S+$/, 'must not contain spaces')
        .optional(),
    )
    .meta(
      about(
        'When set, `GET /metrics` needs `Authorization: Bearer <METRICS_TOKEN>` (at least 16 characters without spaces, e.g. `openssl rand -hex 32`); anything else gets 401. Unset, `/metrics` is open to whoever reaches it: keep it off the public proxy.',
      ),
    ),
  SHUTDOWN_GRACE_MS: integer(
    { min: 0, max: 600_000, default: 30_000 },
    'On SIGTERM or SIGINT: `/api/health` answers 503 `draining` and new generations 503 `unavailable:draining` at once, running generations may finish for this long, then the rest are stopped and saved as stopped; the process exits 0.',
  ),
};

const dataSettings = {
  DATA_DIR: z
    .string()
    .default(DEFAULT_DATA_DIR)
    .meta(
      about(
        'Embedded database, uploads, downloaded models and the generated auth secret. One process per directory (an OS file lock; keep it off network shares, ADR 0010).',
      ),
    ),
  UPLOADS_DIR: optionalString.meta(
    about(
      'Where uploaded files (profile photos, the documents chats were made from) are kept. Several instances share one directory: a volume or network share mounted on each (compose.yaml mounts one at `/uploads`). Backups and restores follow it.',
      '`DATA_DIR/uploads`',
    ),
  ),
  DATABASE_URL: optionalString
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    )
    .meta(
      about(
        '`postgres://…`: use PostgreSQL instead of the embedded database (PGlite in `DATA_DIR`). Migrations run at start.',
      ),
    ),
  REDIS_URL: optionalString
    .pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    )
    .meta(
      about(
        '`redis://…`: rate-limit counters, in-flight and running generations, sessions and OAuth state shared by several instances (sessions are also kept in the database).',
      ),
    ),
  HISTORY_SAVE_RETRY_MS: integer(
    { min: 0, max: 3_600_000, default: 600_000 },
    'While the database is unreachable, how long a finished generation keeps retrying its history write (backoff from 0.25 s to 5 s), its text held in memory; calls that need the database answer 503 `unavailable:database` meanwhile.',
  ),
};

const accountSettings = {
  BETTER_AUTH_SECRET: optionalString
    .pipe(z.string().min(32, 'must be at least 32 characters').optional())
    .meta(
      about(
        'Signs sessions and API tokens (≥ 32 characters). Set the same value on every instance.',
        'generated into `DATA_DIR/auth-secret`',
      ),
    ),
  GOOGLE_CLIENT_ID: optionalString.meta(
    about(
      'With `GOOGLE_CLIENT_SECRET`, turns on Google sign-in (callback `PUBLIC_URL/api/auth/callback/google`).',
    ),
  ),
  GOOGLE_CLIENT_SECRET: optionalString.meta(about('The secret of `GOOGLE_CLIENT_ID`’s OAuth client.')),
  GITHUB_CLIENT_ID: optionalString.meta(
    about(
      'With `GITHUB_CLIENT_SECRET`, turns on GitHub sign-in (callback `PUBLIC_URL/api/auth/callback/github`).',
    ),
  ),
  GITHUB_CLIENT_SECRET: optionalString.meta(about('The secret of `GITHUB_CLIENT_ID`’s OAuth app.')),
  GOOGLE_OAUTH_URL: optionalString
    .pipe(z.url().optional())
    .meta(
      about(
        'Points Google sign-in at another OAuth2 server: `<base>/authorize`, `<base>/token` and `<base>/userinfo` replace Google’s endpoints (tests, self-hosted identity).',
      ),
    ),
  GITHUB_OAUTH_URL: optionalString
    .pipe(z.url().optional())
    .meta(about('The same for GitHub sign-in: another OAuth2 server’s base URL.')),
  ADMIN_EMAILS: adminEmailsSetting.meta(
    about(
      'Comma-separated e-mail addresses whose accounts are administrators (any letter case): they see `/admin` and the `/api/admin/*` API (set plans, disable accounts, usage). Applied at start and at sign-up. List addresses you own and sign up with them yourself: whoever first registers a listed address is its admin.',
    ),
  ),
  AUTH_RATE_LIMIT_PER_IP: integer(
    { min: 0, default: 10 },
    'Sign-in and sign-up attempts per minute per IP, whatever their outcome (counted separately); `0` turns all auth limits off. Other `/api/auth/*` calls: 300 a minute per IP.',
  ),
  AUTH_RATE_LIMIT_PER_ACCOUNT: integer(
    { min: 0, default: 10 },
    'Failed password attempts (sign-in, password change; sign-up apart) per account and IP per 10 minutes; past it that IP waits. An account that failed this often from anywhere is slowed down, never locked: its attempts take turns 0.25 s apart, doubling up to 8 s. `0` turns it off.',
  ),
  AUTH_FRESH_SIGN_IN_SECONDS: integer(
    { min: 1, max: 86_400, default: 600 },
    'How recent a sign-in must be to add an API key or a passkey, or to link or unlink a sign-in method; an older session is asked to confirm it’s you (password or passkey) first (SECURITY.md).',
  ),
  REQUIRE_EMAIL_VERIFICATION: booleanSetting.meta(
    about(
      '`true`: the tools answer 403 until the account’s e-mail address is verified (the tool pages show a banner with ‘Resend’). Off, an unverified account works and sees a gentle reminder. The admin role and sending team invitations always need a verified address.',
      '`false`',
    ),
  ),
};

const mailSettings = {
  SMTP_URL: optionalString
    .pipe(
      z
        .string()
        .refine((v) => /^smtps?:\/\//i.test(v) && URL.canParse(v) && new URL(v).hostname !== '', {
          message:
            'must be a URL such as smtps://user:password@smtp.example.com:465 or smtp://smtp.example.com:587',
        })
        .optional(),
    )
    .meta(
      about(
        'The SMTP server for account e-mail (password reset and verification links, invitations, notices), e.g. `smtps://user:password@smtp.example.com:465` or `smtp://smtp.example.com:587`. Unset, each message is written to `DATA_DIR/outbox/` as an `.eml` file and its link is logged, so a single machine still works (messages older than 7 days are removed; their links have expired).',
      ),
    ),
  MAIL_FROM: optionalString
    .pipe(
      z
        .string()
        .regex(/^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, {
          message: 'must be an address such as no-reply@example.com or Draftsmith <no-reply@example.com>',
        })
        .optional(),
    )
    .meta(
      about(
        'The sender of every message: an address, or `Name <address>`.',
        '`Draftsmith <no-reply@<PUBLIC_URL’s host>>`',
      ),
    ),
};

const billingSettings = {
  FREE_GENERATIONS_PER_MONTH: integer(
    { min: 0, max: 1_000_000, default: 20 },
    'AI generations a free account may make per calendar month (UTC). Past it the tools answer 402 `payment_required:quota` with an upgrade message; a failed or stopped-before-output generation is not counted. Starter has 100, Pro and Enterprise are unlimited (src/shared/plans.ts).',
  ),
  STRIPE_SECRET_KEY: optionalString.meta(
    about(
      'With `STRIPE_WEBHOOK_SECRET` and at least one price below, turns on online payment with Stripe. Without them the paid plans’ buttons say an administrator assigns plans.',
    ),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.meta(
    about(
      'The signing secret of the webhook endpoint to create in Stripe: `PUBLIC_URL/api/billing/webhook`, with the events `checkout.session.completed`, `customer.subscription.created`, `customer.subscription.updated` and `customer.subscription.deleted`.',
    ),
  ),
  STRIPE_PRICE_STARTER_MONTHLY: optionalString.meta(stripePrice('Starter', 'monthly')),
  STRIPE_PRICE_STARTER_YEARLY: optionalString.meta(stripePrice('Starter', 'yearly')),
  STRIPE_PRICE_PRO_MONTHLY: optionalString.meta(stripePrice('Pro', 'monthly')),
  STRIPE_PRICE_PRO_YEARLY: optionalString.meta(stripePrice('Pro', 'yearly')),
  STRIPE_PRICE_ENTERPRISE_MONTHLY: optionalString.meta(stripePrice('Enterprise', 'monthly')),
  STRIPE_PRICE_ENTERPRISE_YEARLY: optionalString.meta(stripePrice('Enterprise', 'yearly')),
  STRIPE_API_URL: optionalString
    .pipe(z.url().optional())
    .meta(about('Another address for Stripe’s API (tests, an egress proxy).', '`https://api.stripe.com`')),
  SALES_EMAIL: optionalString
    .pipe(z.email({ message: 'must be an e-mail address' }).optional())
    .meta(about('Where the Enterprise plan’s ‘Contact sales’ button writes to.')),
};

const aiSettings = {
  AI_PROVIDER: z
    .enum(['local', 'openai', 'anthropic', 'google', 'openai-compatible'])
    .optional()
    .meta(
      about(
        '`local` (in-process), `openai`, `anthropic`, `google` or `openai-compatible`.',
        'the first provider key found (OpenAI, Anthropic, Google); `AI_BASE_URL` alone: `openai-compatible`; else `local`',
      ),
    ),
  AI_MODEL: optionalString.meta(
    about(
      'Model id of a remote provider (required for `openai-compatible`).',
      '`gpt-4o-mini`, `claude-haiku-4-5`, `gemini-2.5-flash`',
    ),
  ),
  AI_BASE_URL: optionalString
    .pipe(z.url().optional())
    .meta(
      about(
        'Base URL of an OpenAI-compatible server, e.g. `http://localhost:11434/v1` (Ollama), vLLM, llama.cpp server, LM Studio, OpenRouter.',
      ),
    ),
  AI_API_KEY: optionalString.meta(
    about('Key for any remote provider (used when the provider’s own key variable is unset).'),
  ),
  OPENAI_API_KEY: optionalString.meta(
    about(
      'OpenAI’s key; like the two below, a remote `AI_PROVIDER` without its key stops the server at start with a clear message.',
    ),
  ),
  ANTHROPIC_API_KEY: optionalString.meta(about('Anthropic’s key.')),
  GOOGLE_GENERATIVE_AI_API_KEY: optionalString.meta(about('Google’s (Gemini) key.')),
  LOCAL_MODEL: optionalString.meta(
    about(
      'GGUF model of the local provider: a file path, an http(s) URL or `hf:owner/repo/file.gguf`. Downloaded once into `DATA_DIR/models` (resumable, verified).',
      'Qwen2.5 1.5B Instruct Q4_K_M (1.1 GB, pinned; ADR 0007)',
    ),
  ),
  LOCAL_MODEL_THREADS: integer(
    { min: 1, max: 256 },
    'Inference threads of the local model.',
    'the number of cores (never more)',
  ),
  LOCAL_MODEL_SHA256: optionalString
    .pipe(
      z
        .string()
        .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex digits')
        .optional(),
    )
    .meta(about('SHA-256 the downloaded `LOCAL_MODEL` must match.', 'the default model’s is pinned')),
  LOCAL_MODEL_CONTEXT: integer(
    { min: 512, max: 131072, default: 8192 },
    'The local model’s context size in tokens.',
  ),
  LOCAL_MODEL_PARALLEL: integer({ min: 1, max: 16, default: 1 }, 'Generations the local model runs at once.'),
  LOCAL_MODEL_IDLE_MS: integer(
    { min: 0, max: 604_800_000, default: 900_000 },
    'The local model leaves memory after this many milliseconds (15 minutes by default) with nothing running or waiting on it (state `unloaded`), and the next request loads it again, showing ‘The model is loading.’ meanwhile. `0`: never unload once loaded.',
  ),
  AI_QUEUE_LIMIT: integer(
    { min: 0, max: 1000, default: 8 },
    'Local generations that may wait, shared fairly between users (served in turn), also while the model downloads or loads; past it the tools answer 503 “busy, try again”.',
  ),
  AI_TIMEOUT_MS: integer(
    { min: 100, max: 3_600_000, default: 60_000 },
    'Longest wait for the first token and between tokens.',
  ),
  AI_MAX_RETRIES: integer(
    { min: 0, max: 10, default: 2 },
    'Retries on 429, 5xx or connection failure before the first token.',
  ),
  AI_RETRY_DELAY_MS: integer(
    { min: 0, max: 60_000, default: 1000 },
    'First backoff delay; doubles each retry (`Retry-After` honoured up to 30 s).',
  ),
  AI_MAX_OUTPUT_TOKENS: integer({ min: 16, max: 65536, default: 2048 }, 'Longest answer in tokens.'),
  AI_CONTEXT_TOKENS: integer(
    { min: 2048, max: 10_000_000, default: 128_000 },
    'A remote model’s context window in tokens: long documents are summarized in parts that fit it (the local model’s own context is read once it is loaded).',
  ),
  SUMMARY_CHUNK_TOKENS: integer(
    { min: 500, max: 1_000_000, default: 6000 },
    'Largest part of a long document summarized in one model call; the parts’ summaries are then combined (recursively when needed). Never more than the context leaves room for.',
  ),
  SUMMARY_CONCURRENCY: integer(
    { min: 1, max: 32, default: 3 },
    'Parts of one long document a remote provider summarizes at once (the local model takes its parallel sequences in turn).',
  ),
};

const userLimitSettings = {
  AI_MAX_IN_FLIGHT_PER_USER: integer(
    { min: 1, max: 1000, default: 2 },
    'Generations one user may have running at once (waiting for the local model, or a document being read, counts); the next answers 429 `rate_limit:generations` with `Retry-After`. Counted across instances in Redis when `REDIS_URL` is set.',
  ),
  AI_RATE_LIMIT_PER_USER: integer(
    { min: 0, default: 30 },
    'AI calls per user per minute, the tools and the chats’ follow-ups together (a call counts once its input is valid); past it 429 `rate_limit:tool_calls` with `Retry-After`. In Redis when `REDIS_URL` is set; `0` turns it off.',
  ),
  HISTORY_MAX_CHATS_PER_USER: integer(
    { min: 0, default: 5000 },
    'Saved chats one account may keep. Past it, saving a chat or starting a tool answers 413 `payload_too_large:history_quota`, asking the user to delete old chats (a running generation is always saved). `0`: no limit.',
  ),
  HISTORY_MAX_BYTES_PER_USER: integer(
    { min: 0, default: 52_428_800 },
    'Bytes of saved chats (titles, messages and uploaded documents) one account may keep (50 MB by default); the same 413 past it. `0`: no limit.',
  ),
  HISTORY_RATE_LIMIT_PER_USER: integer(
    { min: 0, default: 60 },
    'Chats one user may save through `POST /api/history` per minute (429 `rate_limit:history` with `Retry-After`; counted in Redis when `REDIS_URL` is set). `0` turns it off.',
  ),
  PHOTO_RATE_LIMIT_PER_USER: integer(
    { min: 0, default: 10 },
    'Profile photo uploads one user may make per minute (429 `rate_limit:photo` with `Retry-After`, counted before the file is read; in Redis when `REDIS_URL` is set). `0` turns it off.',
  ),
  PHOTO_PROCESSING_CONCURRENCY: integer(
    { min: 1, max: 64, default: 2 },
    'Photos one process decodes and re-encodes at once (they share Node’s thread pool with password hashing); twice as many may wait, shared fairly between users; past that an upload answers 503 “busy, try again”.',
  ),
};

/** A language OCR reads, and the folder of its trained data (`<code>.traineddata.gz`). */
export interface OcrLanguage {
  code: string;
  dataFolder: string;
}

const requireFromHere = createRequire(import.meta.url);

/**
 * The folder of a language's trained data in its installed npm package `@tesseract.js-data/<code>`: the
 * LSTM-only `4.0.0_best_int` data (the engine OCR runs), else the package's `4.0.0` data; null when the
 * package is not installed. OCR reads it from there: nothing is downloaded at run time.
 */
function ocrDataFolder(code: string): string | null {
  let root: string;
  try {
    root = dirname(requireFromHere.resolve(`@tesseract.js-data/${code}/package.json`));
  } catch {
    return null;
  }
  for (const version of ['4.0.0_best_int', '4.0.0']) {
    const folder = join(root, version);
    if (existsSync(join(folder, `${code}.traineddata.gz`))) return folder;
  }
  return null;
}

/** OCR_LANGUAGES: tesseract's language codes joined by `+` or commas, each with its package installed. */
const ocrLanguagesSetting = optionalString.transform((raw, ctx): OcrLanguage[] => {
  const codes = [
    ...new Set(
      (raw ?? 'eng')
        .split(/[+,]/)
        .map((code) => code.trim())
        .filter(Boolean),
    ),
  ];
  const malformed = codes.filter((code) => !/^[a-z]{3}(?:_[a-z]+)*$/i.test(code));
  if (codes.length === 0 || malformed.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be tesseract's language codes joined by + or commas, such as eng+deu${malformed.length > 0 ? ` (not ${malformed.map((code) => JSON.stringify(code)).join(', ')})` : ''}`,
    });
    return z.NEVER;
  }
  const languages: OcrLanguage[] = [];
  for (const code of codes) {
    const dataFolder = ocrDataFolder(code);
    if (dataFolder) languages.push({ code, dataFolder });
    else
      ctx.addIssue({
        code: 'custom',
        message: `${code} has no trained data installed: run npm install @tesseract.js-data/${code}, or leave it out`,
      });
  }
  return languages.length === codes.length ? languages : z.NEVER;
});

const documentSettings = {
  DOCUMENT_MAX_BYTES: integer(
    { min: 1, max: 1_073_741_824, default: 20_971_520 },
    'Largest document file (.txt, .pdf, .doc, .docx, .odt) the summarizer and the resume assistant read (20 MB by default); past it 413 `payload_too_large:file`.',
  ),
  DOCUMENT_MAX_PAGES: integer(
    { min: 1, max: 100_000, default: 500 },
    'Most pages of a PDF; a longer one answers 413 `payload_too_large:file_pages`.',
  ),
  DOCUMENT_MAX_CHARS: integer(
    { min: 1000, max: 100_000_000, default: 2_000_000 },
    'Most characters of text taken from one document (about 500 dense pages; the 100,000 of pasted text do not apply to files); past it 413 `payload_too_large:file_text`.',
  ),
  DOCUMENT_ZIP_MAX_ENTRIES: integer(
    { min: 1, max: 1_000_000, default: 1000 },
    'Most entries in a .docx or .odt (both are zip archives); past it 413 `payload_too_large:file_entries`.',
  ),
  DOCUMENT_ZIP_MAX_ENTRY_BYTES: integer(
    { min: 1024, default: 104_857_600 },
    'Most bytes one entry of a .docx or .odt may unpack to (100 MB by default), checked against its header and counted while it unpacks (headers can lie); past it 413 `payload_too_large:file_unpacked`.',
  ),
  DOCUMENT_ZIP_MAX_TOTAL_BYTES: integer(
    { min: 1024, default: 268_435_456 },
    'Most bytes all entries of a .docx or .odt may unpack to together (256 MB by default); the same 413.',
  ),
  DOCUMENT_EXTRACTION_TIMEOUT_MS: integer(
    { min: 1000, max: 600_000, default: 20_000 },
    'Longest one extraction may run; then its process is killed and the upload answers 413 `payload_too_large:file_time_limit`.',
  ),
  DOCUMENT_EXTRACTION_MEMORY_MB: integer(
    { min: 64, max: 65_536, default: 512 },
    'Memory one extraction process may add to what it holds once started (its address space, via `prlimit`, and its JavaScript heap), in MB; past it the process fails and the upload answers 413 `payload_too_large:file_memory_limit`.',
  ),
  DOCUMENT_EXTRACTION_CONCURRENCY: integer(
    { min: 1, max: 256 },
    'Extraction processes running at once (ADR 0016); twice as many files may wait, shared fairly between users; past that an upload answers 503 “busy, try again”.',
    '`2` (never more than the cores)',
  ),
  OCR_LANGUAGES: ocrLanguagesSetting.meta(
    about(
      'The languages OCR reads scanned PDF pages in: tesseract’s codes joined by `+` or commas (`eng+deu`), each read from its npm package `@tesseract.js-data/<code>`, which must be installed (`npm install @tesseract.js-data/deu`): nothing is downloaded at run time, and a language whose package is missing stops the server at start. Each language added makes every page slower to read.',
      '`eng`',
    ),
  ),
  OCR_MAX_PAGES: integer(
    { min: 0, max: 100_000, default: 50 },
    'Most pages of one PDF read by OCR (tesseract.js, in the same isolated, memory-capped processes as extraction, one at a time per document): a page with no text layer (or a few stray characters) that shows an image. The scanned pages past these are listed as not read. `0` turns OCR off: a PDF of nothing but scans then answers 422 `unprocessable:file_scanned`.',
  ),
  OCR_PAGE_TIMEOUT_MS: integer(
    { min: 1000, max: 600_000, default: 30_000 },
    'Longest OCR may spend on one page; then its process is killed, the page is listed as not read, and OCR goes on with the next page in a new process.',
  ),
  OCR_MEMORY_MB: integer(
    { min: 64, max: 4096, default: 256 },
    'Memory tesseract’s WebAssembly may grow to in an OCR process, in MB (V8’s `--wasm-max-mem-pages`, ADR 0030): a page image larger than that fits (about 6 bytes a pixel) is shrunk before it is read, and a page that still needs more is listed as not read. The page images and the rest of the process are capped by `DOCUMENT_EXTRACTION_MEMORY_MB`, as in any extraction.',
  ),
};

/** The settings by topic, as docs/configuration.md lists them (`npm run docs:config` writes it from these). */
export const CONFIG_SECTIONS = [
  { title: 'Server', settings: serverSettings },
  { title: 'Data', settings: dataSettings },
  { title: 'Accounts and sign-in', settings: accountSettings },
  { title: 'Mail', settings: mailSettings },
  { title: 'Plans and billing', settings: billingSettings },
  { title: 'AI model', settings: aiSettings },
  { title: 'Limits per user', settings: userLimitSettings },
  { title: 'Documents', settings: documentSettings },
] as const;

const envFields = z.object({
  ...serverSettings,
  ...dataSettings,
  ...accountSettings,
  ...mailSettings,
  ...billingSettings,
  ...aiSettings,
  ...userLimitSettings,
  ...documentSettings,
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
