import { describe, expect, it } from 'vitest';
import { durationPhrase, resetPasswordMail, verifyEmailMail } from './mail-templates.ts';

describe('mail templates', () => {
  it('says how long a link works in words', () => {
    expect(durationPhrase(3600)).toBe('1 hour');
    expect(durationPhrase(86_400)).toBe('24 hours');
    expect(durationPhrase(172_800)).toBe('48 hours');
    expect(durationPhrase(259_200)).toBe('3 days');
    expect(durationPhrase(1800)).toBe('30 minutes');
    expect(durationPhrase(60)).toBe('1 minute');
    expect(durationPhrase(5)).toBe('1 minute');
  });

  it('shows the link in full in both parts and escapes what the user wrote in the HTML', () => {
    const link = 'https://draftsmith.example/reset-password?token=a&b=<c>';
    const mail = resetPasswordMail({ name: '<b>Ada</b> & co', link, expiresInSeconds: 3600 });
    expect(mail.text).toContain(`\n\n${link}\n\n`);
    expect(mail.text.startsWith('Hi <b>Ada</b> & co,\n\n')).toBe(true);
    const escaped = 'https://draftsmith.example/reset-password?token=a&amp;b=&lt;c&gt;';
    expect(mail.html).toContain(`<a href="${escaped}"`);
    expect(mail.html).toContain(`>${escaped}</a>`);
    expect(mail.html).toContain('<p>Hi &lt;b&gt;Ada&lt;/b&gt; &amp; co,</p>');
    expect(mail.html).not.toContain('<b>');
  });

  it('greets without a name when there is none', () => {
    const mail = verifyEmailMail({
      name: '  ',
      link: 'https://x.test/v',
      expiresInSeconds: 86_400,
      required: false,
    });
    expect(mail.text.startsWith('Hi,\n\n')).toBe(true);
    expect(mail.text.trimEnd().endsWith('— Draftsmith')).toBe(true);
  });
});
