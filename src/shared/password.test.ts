import { afterEach, describe, expect, it, vi } from 'vitest';
import { newPasswordSchema } from './auth-schemas.ts';
import { GENERATED_PASSWORD_LENGTH, generatePassword, PASSWORD_ALPHABET } from './password.ts';

describe('generatePassword (docs/product.md §5)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes 12 characters from letters, digits and !@#$%^&*()', () => {
    expect(GENERATED_PASSWORD_LENGTH).toBe(12);
    expect(PASSWORD_ALPHABET).toBe(
      'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*()',
    );
    for (let i = 0; i < 200; i++) {
      const pw = generatePassword();
      expect(pw).toHaveLength(12);
      expect(pw).toMatch(/^[A-Za-z0-9!@#$%^&*()]{12}$/);
    }
  });

  it('always passes the sign-up password rules', () => {
    for (let i = 0; i < 200; i++) expect(newPasswordSchema.safeParse(generatePassword()).success).toBe(true);
  });

  it('draws its randomness from crypto.getRandomValues', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    generatePassword();
    expect(spy).toHaveBeenCalled();
  });

  it('does not repeat itself', () => {
    const seen = new Set(Array.from({ length: 500 }, () => generatePassword()));
    expect(seen.size).toBe(500);
  });

  it('uses every character class over many draws (no modulo bias gaps)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++)
      for (const c of generatePassword()) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(PASSWORD_ALPHABET.length);
  });
});
