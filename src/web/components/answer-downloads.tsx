import { FileDown, Loader2 } from 'lucide-react';
import { extraDownloadsOf, isToolSlug, TOOLS, type ToolDefinition } from '#shared/tools';
import { Button } from '#web/components/ui/button.tsx';
import { useApiDownload } from '#web/lib/use-api-download.ts';

/** What a tool's answer is called when it downloads as a document (its catalogue `downloadLabel`), else undefined. */
export function answerDownloadLabel(service: string): string | undefined {
  return isToolSlug(service) ? (TOOLS[service] as ToolDefinition).downloadLabel : undefined;
}

const FORMATS = [
  { format: 'docx', label: 'Download .docx', what: 'the .docx' },
  { format: 'md', label: 'Download .md', what: 'the Markdown file' },
  { format: 'html', label: 'Download .html', what: 'the web page' },
  { format: 'pdf', label: 'Download .pdf', what: 'the PDF' },
  { format: 'eml', label: 'Download .eml', what: 'the e-mail draft' },
] as const;

/** Every tool's answers download as these; the others only where the catalogue says (`extraDownloads`). */
const ALWAYS: ReadonlySet<string> = new Set(['docx', 'md', 'html']);

interface AnswerDownloadsProps {
  /** The saved chat; null while it is not saved (the server makes the files from the saved answer). */
  historyId: string | null;
  /** What the answer is, e.g. 'Optimized resume'. */
  label: string;
  /** The chat's tool: its catalogue entry says what else the answer downloads as (`extraDownloads`). */
  service: string;
}

/**
 * 'Download .docx', '.md', '.html' and, for resumes and cover letters, '.pdf', for e-mails '.eml' (a
 * draft a mail app opens): the saved answer from
 * GET /api/history/:id/export (fetched with the bearer token), named by the server after the chat and the tool.
 */
export function AnswerDownloads({ historyId, label, service }: AnswerDownloadsProps) {
  const { busy, download } = useApiDownload();
  const extra = extraDownloadsOf(service);
  const formats = FORMATS.filter(
    (format) => ALWAYS.has(format.format) || (extra as readonly string[]).includes(format.format),
  );

  function save(format: (typeof FORMATS)[number]) {
    if (!historyId) return;
    const path = `/api/history/${encodeURIComponent(historyId)}/export?format=${format.format}` as const;
    void download(path, `draftsmith.${format.format}`, format.what);
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="mr-1 text-muted-foreground text-xs">{label}:</span>
      {formats.map((format) => (
        <Button
          key={format.format}
          variant="outline"
          size="sm"
          onClick={() => save(format)}
          disabled={busy || !historyId}
          title={historyId ? undefined : 'Available once the chat is saved'}
        >
          {busy ? (
            <Loader2 className="size-3.5 animate-spin" aria-hidden />
          ) : (
            <FileDown className="size-3.5" aria-hidden />
          )}
          {format.label}
        </Button>
      ))}
    </div>
  );
}
