import { describe, expect, it } from 'vitest';
import {
  durationPhrase,
  newCredentialMail,
  resetPasswordMail,
  teamInvitationMail,
  utcTimePhrase,
  verifyEmailMail,
} from './mail-templates.ts';

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

  it('keeps the names an inviter chose out of an invitation’s subject, and escapes them in its HTML', () => {
    const mail = teamInvitationMail({
      inviter: 'Security Team <urgent>',
      inviterEmail: 'mallory@example.test',
      team: 'Your account is locked: verify now',
      role: 'member',
      link: 'https://draftsmith.example/accept-invitation/x',
      expiresInSeconds: 7 * 86_400,
    });
    expect(mail.subject).toBe('You are invited to a team on Draftsmith');
    expect(mail.text).toContain(
      'Security Team <urgent> (mallory@example.test) invited you to join the team “Your account is locked: verify now”',
    );
    expect(mail.html).toContain('Security Team &lt;urgent&gt; (mallory@example.test)');
    expect(mail.html).not.toContain('<urgent>');
  });

  it('tells the owner of a new credential what, from where and when', () => {
    const at = new Date('2026-11-28T09:05:00Z');
    expect(utcTimePhrase(at)).toBe('28 November 2026, 09:05 UTC');
    const mail = newCredentialMail({
      name: 'Ada',
      kind: 'passkey',
      credentialName: 'Laptop',
      device: 'Chrome on macOS',
      at,
      link: 'https://draftsmith.example/account',
    });
    expect(mail.subject).toBe('A new passkey was added to your account');
    expect(mail.text).toContain(
      'A new passkey “Laptop” was added to your Draftsmith account from Chrome on macOS on 28 November 2026, 09:05 UTC.',
    );
    expect(mail.text).toContain('\n\nhttps://draftsmith.example/account\n\n');
  });
});
