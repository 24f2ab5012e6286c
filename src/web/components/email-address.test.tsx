import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { addressPieces, EmailAddress } from './email-address.tsx';

describe('EmailAddress', () => {
  it('may wrap after the @ and before each dot, nowhere else', () => {
    expect(addressPieces('ada.lovelace@mail.example.com')).toEqual([
      'ada',
      '.lovelace@',
      'mail',
      '.example',
      '.com',
    ]);
    expect(addressPieces('ada')).toEqual(['ada']);
    expect(renderToStaticMarkup(<EmailAddress address="ada@example.com" />)).toBe(
      '<span class="break-words">ada@<wbr/>example<wbr/>.com</span>',
    );
  });
});
