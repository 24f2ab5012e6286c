import { describe, expect, it } from 'vitest';
import { signInSchema, signUpSchema } from './auth-schemas.ts';

const valid = { username: 'ada', email: 'ada@example.com', password: 'Secret1!' };

function messages(input: unknown): string[] {
  const result = signUpSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('signUpSchema (docs/product.md §5)', () => {
  it('accepts a valid sign-up', () => {
    expect(signUpSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    [{ ...valid, username: '' }, 'Username is required'],
    [{ ...valid, username: '   ' }, 'Username is required'],
    [{ ...valid, email: '' }, 'Email is required'],
    [{ ...valid, email: 'not-an-address' }, 'Invalid email address'],
    [{ ...valid, password: 'Ab1!' }, 'Password must be at least 6 characters'],
    [{ ...valid, password: 'secret1!' }, 'Password must contain at least one uppercase letter'],
    [{ ...valid, password: 'Secret!!' }, 'Password must contain at least one numeric character'],
    [{ ...valid, password: 'Secret11' }, 'Password must contain at least one special character'],
  ])('rejects %j with "%s"', (input, message) => {
    expect(messages(input)).toContain(message);
  });

  it('reports the required message first for an empty e-mail', () => {
    expect(messages({ ...valid, email: '' })[0]).toBe('Email is required');
  });

  it('caps lengths so the server never hashes huge inputs', () => {
    expect(messages({ ...valid, password: `Aa1!${'x'.repeat(200)}` })).toContain(
      'Password must be at most 128 characters',
    );
    expect(messages({ ...valid, username: 'u'.repeat(51) })).toContain(
      'Username must be at most 50 characters',
    );
  });

  it('trims the username and e-mail', () => {
    expect(signUpSchema.parse({ ...valid, username: ' ada ', email: ' ada@example.com ' })).toMatchObject({
      username: 'ada',
      email: 'ada@example.com',
    });
  });
});

describe('signInSchema', () => {
  it('needs an e-mail and a password', () => {
    const result = signInSchema.safeParse({ email: '', password: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['Email is required', 'Password is required']),
    );
  });
});
