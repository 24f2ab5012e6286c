import { describe, expect, it } from 'vitest';
import { MAILTO_MAX, mailBody, mailtoLink } from './mailto.ts';

describe('mailtoLink', () => {
  it('carries the recipients, subject and body, encoded', () => {
    const link = mailtoLink({
      to: ['ana@example.com'],
      cc: ['ben@example.com', 'cy+team@example.com'],
      subject: 'Re: Offsite & dates',
      body: 'Hi Ana,\n\nYes — the 12th works.',
    });
    expect(link).toBe(
      'mailto:ana%40example.com?cc=ben%40example.com,cy%2Bteam%40example.com&subject=Re%3A%20Offsite%20%26%20dates&body=Hi%20Ana%2C%0D%0A%0D%0AYes%20%E2%80%94%20the%2012th%20works.',
    );
    const url = new URL(link ?? '');
    expect(url.searchParams.get('subject')).toBe('Re: Offsite & dates');
  });

  it('offers none for a draft too long for a link', () => {
    expect(mailtoLink({ body: 'x'.repeat(MAILTO_MAX) })).toBeNull();
    expect(mailtoLink({ body: 'short' })).toBe('mailto:?body=short');
  });
});

describe('mailBody', () => {
  it('leaves out the subject line the model wrote first, and bold marks', () => {
    expect(mailBody('**Subject:** Heating\n\nDear **Mr Smith**,\n\nPlease…')).toBe(
      'Dear Mr Smith,\n\nPlease…',
    );
    expect(mailBody('Hi Ana,\n\nThanks.')).toBe('Hi Ana,\n\nThanks.');
  });
});
