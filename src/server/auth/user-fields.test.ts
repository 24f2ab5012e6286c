import { APIError } from 'better-auth';
import { describe, expect, it } from 'vitest';
import { checkUserFields, isAcceptableImage } from './user-fields.ts';

describe('isAcceptableImage', () => {
  it.each([null, 'https://avatars.example.test/u/1?v=4', 'http://intranet.example.test/me.png'])(
    'accepts %s',
    (value) => {
      expect(isAcceptableImage(value)).toBe(true);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'file:///etc/passwd',
    'blob:https://example.test/1',
    'ftp://example.test/a.png',
    '//evil.example.test/a.png',
    '/api/uploads/../secret',
    // Upload URLs are set by the photo route only, never through better-auth.
    '/api/uploads/0b6e1c9a-3f0e-4a8e-9d4e-2f1a7c5b8e90.png',
    '/images/default-avatar.svg',
    'https://a:b@example.test/x.png',
    'https://example.test/a b.png',
    'https://example.test/\u0000.png',
    `https://example.test/${'a'.repeat(2040)}`,
    '',
    undefined,
    7,
  ])('refuses %s', (value) => {
    expect(isAcceptableImage(value)).toBe(false);
  });
});

describe('checkUserFields', () => {
  it('refuses what the user typed and fixes what a provider sent', () => {
    const long = `${'é'.repeat(48)}😀😀 tail`;
    expect(() => checkUserFields({ name: long }, '/update-user', undefined)).toThrow(APIError);
    expect(() => checkUserFields({ image: 'data:,x' }, '/sign-up/email', null)).toThrow(APIError);

    expect(checkUserFields({ name: `  ${long}`, image: 'data:,x' }, '/callback/google', null)).toEqual({
      name: `${'é'.repeat(48)}😀`, // 50 UTF-16 units as the username rules count, no half emoji
      image: null,
    });
    // On an update, an unusable provider picture leaves the stored one alone.
    expect(checkUserFields({ image: 'javascript:x' }, undefined, undefined)).toEqual({ image: undefined });
    expect(checkUserFields({ name: ' Ada ', image: null }, '/update-user', undefined)).toEqual({
      name: 'Ada',
    });
    expect(checkUserFields({ emailVerified: true }, '/update-user', undefined)).toEqual({});
  });
});
