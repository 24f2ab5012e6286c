/**
 * One typed error for the whole API. Codes are `type:surface` (e.g. `unauthorized:auth`); the type
 * decides the HTTP status, and the message is what the user may see. Internal details go to the log only.
 */
const STATUS = {
  bad_request: 400,
  unauthorized: 401,
  /** The user's plan has no generations left this period (an upgrade helps, a retry does not). */
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** Well-formed, but nothing can be done with it (e.g. a scanned PDF without text). */
  unprocessable: 422,
  rate_limit: 429,
  /** nginx's "client closed request": the client left before an answer (only ever logged). */
  client_closed: 499,
  internal: 500,
  bad_gateway: 502,
  unavailable: 503,
  timeout: 504,
} as const;

export type ErrorType = keyof typeof STATUS;
export type ErrorCode = `${ErrorType}:${string}`;

const DEFAULT_MESSAGE: Record<ErrorType, string> = {
  bad_request: 'The request is not valid.',
  unauthorized: 'You need to sign in to do that.',
  payment_required: 'Your plan does not cover this. Upgrade to continue.',
  forbidden: 'You do not have access to this resource.',
  not_found: 'Not found.',
  conflict: 'This conflicts with existing data.',
  payload_too_large: 'The request is too large.',
  unsupported_media_type: 'This type of content is not supported.',
  unprocessable: 'This content cannot be processed.',
  rate_limit: 'Too many requests. Please try again later.',
  client_closed: 'The client closed the request.',
  internal: 'Something went wrong on our side. Please try again.',
  bad_gateway: 'The AI provider returned an error. Please try again.',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  timeout: 'The request took too long. Please try again.',
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message?: string,
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    const type = code.split(':')[0] as ErrorType;
    super(message ?? DEFAULT_MESSAGE[type], { cause: options?.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = STATUS[type];
    this.headers = options?.headers ?? {};
  }

  toBody() {
    return { error: { code: this.code, message: this.message } };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** A 429 `rate_limit:<surface>` telling the client when to come back (Retry-After, whole seconds ≥ 1). */
export function tooManyRequests(surface: string, message: string, retryAfterMs: number): AppError {
  return new AppError(`rate_limit:${surface}`, message, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  });
}

/** "42 seconds", "5 minutes": when to try again, for the messages of 429s. */
export function retryPhrase(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
