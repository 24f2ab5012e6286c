/**
 * The messages Draftsmith sends, one function each: plain text plus simple HTML with the same words,
 * the link written out in full (a mail client that hides links, or a person who copies them, still
 * sees where it goes).
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface LinkMail {
  /** The account's display name; a greeting without it when empty. */
  name?: string | null;
  link: string;
  /** How long the link works, in seconds. */
  expiresInSeconds: number;
}

const SIGNATURE = '— Draftsmith';

/** "1 hour", "24 hours", "3 days", "30 minutes": how long a link works. */
export function durationPhrase(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds >= 3600 && seconds % 3600 === 0) {
    const hours = seconds / 3600;
    // Up to two days reads better in hours ("24 hours", "48 hours").
    return hours > 48 && hours % 24 === 0 ? plural(hours / 24, 'day') : plural(hours, 'hour');
  }
  return plural(Math.max(1, Math.round(seconds / 60)), 'minute');
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function greeting(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? `Hi ${trimmed},` : 'Hi,';
}

/** One message from paragraphs; the paragraph that is exactly `link` becomes the link in HTML. */
function compose(subject: string, link: string, paragraphs: string[]): MailContent {
  const text = `${[...paragraphs, SIGNATURE].join('\n\n')}\n`;
  const htmlParagraphs = paragraphs.map((paragraph) => {
    if (paragraph !== link) return `<p>${escapeHtml(paragraph)}</p>`;
    const href = escapeHtml(link);
    return `<p><a href="${href}" style="color:#4f46e5;word-break:break-all">${href}</a></p>`;
  });
  const html = [
    '<!doctype html>',
    '<html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;line-height:1.5;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">',
    ...htmlParagraphs,
    `<p style="color:#6b7280">${escapeHtml(SIGNATURE)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** The password reset link (auth: request-password-reset). */
export function resetPasswordMail({ name, link, expiresInSeconds }: LinkMail): MailContent {
  return compose('Reset your Draftsmith password', link, [
    greeting(name),
    'Someone, hopefully you, asked to reset the password of your Draftsmith account. Open this link to choose a new one:',
    link,
    `The link works once and expires in ${durationPhrase(expiresInSeconds)}. Setting a new password signs you out on every device.`,
    'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  ]);
}

/** The e-mail verification link (auth: sign-up and send-verification-email). */
export function verifyEmailMail({
  name,
  link,
  expiresInSeconds,
  required,
}: LinkMail & { required: boolean }): MailContent {
  return compose('Verify your e-mail address for Draftsmith', link, [
    greeting(name),
    'Welcome to Draftsmith. Please confirm that this is your e-mail address by opening this link:',
    link,
    required
      ? `The link expires in ${durationPhrase(expiresInSeconds)}. The assistants are ready for you as soon as your address is verified.`
      : `The link expires in ${durationPhrase(expiresInSeconds)}. Verifying lets us reach you, for example to reset your password.`,
    'If you did not create a Draftsmith account, you can ignore this e-mail.',
  ]);
}

/**
 * An invitation to a team (auth: organization/invite-member). The team's name and the inviter's are
 * theirs to choose, so neither is in the subject (a subject is what a phishing line would use); in the
 * body they are quoted as names, with the inviter's address, and escaped in the HTML.
 */
export const TEAM_INVITATION_SUBJECT = 'You are invited to a team on Draftsmith';

export function teamInvitationMail({
  inviter,
  inviterEmail,
  team,
  role,
  link,
  expiresInSeconds,
}: {
  inviter: string;
  inviterEmail: string;
  team: string;
  role: string;
  link: string;
  expiresInSeconds: number;
}): MailContent {
  const who = inviter === inviterEmail ? inviterEmail : `${inviter} (${inviterEmail})`;
  return compose(TEAM_INVITATION_SUBJECT, link, [
    'Hi,',
    `${who} invited you to join the team “${team}” on Draftsmith as ${role === 'admin' ? 'an admin' : `a ${role}`}. Open this link to accept or decline; it asks you to sign in, or to create an account with this e-mail address:`,
    link,
    `The invitation expires in ${durationPhrase(expiresInSeconds)}.`,
    'If you do not know the sender, you can ignore this e-mail.',
  ]);
}

/** "28 November 2026, 09:15 UTC": when something happened, in the one time zone every reader can place. */
export function utcTimePhrase(at: Date): string {
  const date = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'UTC',
  }).format(at);
  return `${date.replace(' at ', ', ')} UTC`;
}

/**
 * A credential was added to the account (an API key, a passkey, a linked sign-in method): the owner
 * hears of it whoever added it, with the device, the time and the page that lists and removes them.
 */
export function newCredentialMail({
  name,
  kind,
  credentialName,
  device,
  at,
  link,
}: {
  name?: string | null;
  kind: 'API key' | 'passkey' | 'sign-in method';
  credentialName: string | null;
  device: string;
  at: Date;
  link: string;
}): MailContent {
  const named = credentialName?.trim() ? ` “${credentialName.trim()}”` : '';
  return compose(`A new ${kind} was added to your account`, link, [
    greeting(name),
    `A new ${kind}${named} was added to your Draftsmith account from ${device} on ${utcTimePhrase(at)}.`,
    'If this was you, there is nothing to do. If it was not, open your account page, remove it, and change your password (or reset it with “Forgot password?”), which ends every session and API key:',
    link,
  ]);
}
