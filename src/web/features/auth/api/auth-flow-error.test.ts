import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { AuthFlowError, ORIGIN_REFUSED, readableAuthError } from './auth-flow-error.ts';

// better-auth's client hands back the reply's JSON with the status beside it.
const clientError = (status: number, code: string, message: string) => ({
  error: { code, message },
  status,
  statusText: '',
});

describe('readableAuthError', () => {
  it('passes on a refused address with its advice, from the auth client or the API', () => {
    const message =
      'This server expects https://draft.example.com but was opened at http://10.0.0.5:3000. Open it at https://draft.example.com, or add http://10.0.0.5:3000 to TRUSTED_ORIGINS.';
    const fromClient = AuthFlowError.from(clientError(403, ORIGIN_REFUSED, message), 'Sign-up failed');
    expect(fromClient.code).toBe(ORIGIN_REFUSED);
    expect(readableAuthError(fromClient)).toBe(message);
    expect(readableAuthError(new ApiError(403, ORIGIN_REFUSED, message))).toBe(message);
  });

  it('says when the auth client gave a call up (its time-out aborted it)', () => {
    expect(readableAuthError(new DOMException('This operation was aborted', 'AbortError'))).toBe(
      'The server did not answer within 30 seconds. Check your connection and try again.',
    );
  });

  it('passes on 429s', () => {
    const limited = AuthFlowError.from(
      clientError(429, 'rate_limit:sign_up', 'Too many sign-up attempts. Try again in 5 seconds.'),
      'x',
    );
    expect(readableAuthError(limited)).toBe('Too many sign-up attempts. Try again in 5 seconds.');
  });

  it('keeps other refusals to the screen’s own wording', () => {
    expect(
      readableAuthError(AuthFlowError.from(clientError(403, 'forbidden:missing_or_null_origin', 'x'), 'y')),
    ).toBeNull();
    expect(readableAuthError(AuthFlowError.from(clientError(422, 'conflict:user', 'x'), 'y'))).toBeNull();
    expect(readableAuthError(new Error('network'))).toBeNull();
  });
});
