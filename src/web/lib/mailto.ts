/**
 * A `mailto:` link that opens an e-mail draft in the person's mail app (issue 34): its recipients,
 * subject and body (RFC 6068), or null when it would be too long for mail apps and browsers to take
 * whole (they cut or refuse long links: the draft is then downloaded as an .eml instead).
 */

/** Longest link offered: a conservative bound that the common mail apps and browsers all take. */
export const MAILTO_MAX = 2000;

/** The e-mail as a mail app's body: the subject line the model wrote first left out, and Markdown's marks. */
export function mailBody(answer: string): string {
  return answer
    .replace(/^[ \t>*_#]*subject[ \t*_]*:[^\n]*\n+/i, '')
    .replace(/\*\*([^*\n]+)\*\*|__([^_\n]+)__/g, '$1$2')
    .trim();
}

export function mailtoLink(draft: {
  to?: readonly string[];
  cc?: readonly string[];
  subject?: string;
  body: string;
}) {
  // Addresses as RFC 6068 writes them: each percent-encoded, commas between.
  const to = (draft.to ?? []).map(encodeURIComponent).join(',');
  const fields = [
    ...(draft.cc && draft.cc.length > 0 ? [`cc=${draft.cc.map(encodeURIComponent).join(',')}`] : []),
    ...(draft.subject ? [`subject=${encodeURIComponent(draft.subject)}`] : []),
    `body=${encodeURIComponent(draft.body.replace(/\r?\n/g, '\r\n'))}`,
  ];
  const link = `mailto:${to}?${fields.join('&')}`;
  return link.length <= MAILTO_MAX ? link : null;
}
