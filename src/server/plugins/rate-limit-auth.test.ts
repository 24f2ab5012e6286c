import { describe, expect, it } from 'vitest';
import { retryPhrase } from '#server/errors';
import { rateLimitMessage } from './rate-limit-auth.ts';

describe('rate-limit messages', () => {
  it.each([
    [0, '1 second'],
    [1, '1 second'],
    [1_001, '2 seconds'],
    [42_000, '42 seconds'],
    [119_000, '119 seconds'],
    [120_000, '2 minutes'],
    [540_500, '10 minutes'],
  ])('says %i ms as "%s"', (ms, phrase) => {
    expect(retryPhrase(ms)).toBe(phrase);
  });

  it('names the action and when to retry', () => {
    expect(rateLimitMessage('sign-in', 42_000)).toBe('Too many sign-in attempts. Try again in 42 seconds.');
    expect(rateLimitMessage('sign-up', 300_000)).toBe('Too many sign-up attempts. Try again in 5 minutes.');
  });
});
