import { Mail } from 'lucide-react';
import type { AnswerDetails } from '#shared/answer-details';
import { mailBody, mailtoLink } from '#web/lib/mailto.ts';

/**
 * An e-mail draft's headers above its text (issue 34): the subject, and for a reply who it goes to, as
 * the server made them from the thread; and 'Open in mail app', a `mailto:` link with them and the body,
 * when the draft is short enough for one (else the .eml download carries it).
 */
export function EmailDraftHeader({ details, text }: { details: AnswerDetails | null; text: string }) {
  if (!details?.subject && !details?.to) return null;
  const link = mailtoLink({ ...details, body: mailBody(text) });
  const rows = [
    ['To', details.to?.join(', ')],
    ['Cc', details.cc?.join(', ')],
    ['Subject', details.subject],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <div
      className="mb-4 flex flex-wrap items-start justify-between gap-3 rounded-xl border border-border bg-muted/30 px-4 py-3 text-sm"
      data-copy-skip
    >
      <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1" data-testid="email-headers">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {link ? (
        <a
          href={link}
          className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md border border-border bg-background px-3 font-medium text-xs hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Mail className="size-3.5" aria-hidden />
          Open in mail app
        </a>
      ) : null}
    </div>
  );
}
