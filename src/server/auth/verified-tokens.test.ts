import { describe, expect, it } from 'vitest';
import { createVerifiedTokens } from './verified-tokens.ts';

describe('verified tokens', () => {
  it('answers a remembered token until it expires, then forgets it', () => {
    const tokens = createVerifiedTokens<string>(10);
    tokens.set('a.b.c', 'claims', 2_000);
    expect(tokens.get('a.b.c', 1_999)).toBe('claims');
    expect(tokens.get('a.b.c', 2_000)).toBeUndefined();
    expect(tokens.get('a.b.c', 1_000)).toBeUndefined();
  });

  it('knows only the exact text it was given', () => {
    const tokens = createVerifiedTokens<string>(10);
    tokens.set('a.b.c', 'claims', 2_000);
    expect(tokens.get('a.b.d', 1_000)).toBeUndefined();
    expect(tokens.get('a.b.c ', 1_000)).toBeUndefined();
  });

  it('keeps at most `max` tokens, dropping the oldest first', () => {
    const tokens = createVerifiedTokens<number>(2);
    tokens.set('one', 1, 5_000);
    tokens.set('two', 2, 5_000);
    tokens.set('three', 3, 5_000);
    expect(tokens.get('one', 0)).toBeUndefined();
    expect(tokens.get('two', 0)).toBe(2);
    expect(tokens.get('three', 0)).toBe(3);
  });
});
