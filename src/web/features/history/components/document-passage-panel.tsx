import { ExternalLink, FileText, Loader2 } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { DocumentPassage } from '#shared/history';
import { LazyMarkdown } from '#web/components/markdown/lazy-markdown.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SideSheet, SideSheetClose } from '#web/components/ui/side-sheet.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useDocumentPassage } from '#web/features/history/api/get-document-passage.ts';
import { type Citation, citationLabel } from '#web/lib/citations.ts';
import { openApiFile } from '#web/lib/download-file.ts';

interface DocumentPassagePanelProps {
  /** The chat whose document the answer cites. */
  chatId: string;
  /** The citation clicked; null while the panel is closed. */
  citation: Citation | null;
  /** The document's name, when known before the passage arrives (the chat's file, the uploaded one). */
  fileName?: string | null;
  onClose: () => void;
}

/**
 * The text a citation names ('p. 12', 'pp. 12–13', 'part 3'), in a sheet from the end side beside the
 * answer (issue 32): focus stays inside until it closes (Esc, the close button, a click outside), the
 * passage is rendered as the answers are, and a PDF's page can be opened in the browser's viewer.
 */
export function DocumentPassagePanel({
  chatId,
  citation,
  fileName = null,
  onClose,
}: DocumentPassagePanelProps) {
  return (
    <SideSheet open={citation !== null} onClose={onClose} className="w-[min(36rem,100vw)]">
      {citation ? <PassageSheet chatId={chatId} citation={citation} fileName={fileName} /> : null}
    </SideSheet>
  );
}

/** The panel's inside, within its Dialog (exported for the tests, which render it without a portal). */
export function PassageSheet({
  chatId,
  citation,
  fileName,
}: {
  chatId: string;
  citation: Citation;
  fileName: string | null;
}) {
  const passage = useDocumentPassage(chatId, citation);
  const state: PassageState = passage.isPending
    ? { status: 'loading' }
    : passage.isError
      ? { status: 'failed', message: passage.error.message || 'The passage could not be loaded.' }
      : { status: 'loaded', passage: passage.data };
  const label = passage.data?.label ?? citationLabel(citation);
  return (
    <>
      <header className="flex items-start justify-between gap-3 border-border border-b px-5 py-4">
        <div className="flex min-w-0 items-start gap-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-accent text-primary">
            <FileText className="size-4.5" aria-hidden />
          </span>
          <div className="min-w-0">
            <Dialog.Title className="font-semibold text-base leading-snug">
              {label}
              <PassageFileName name={passage.data?.fileName ?? fileName} />
            </Dialog.Title>
            <Dialog.Description className="sr-only">
              What the document says where the answer cites it.
            </Dialog.Description>
          </div>
        </div>
        <SideSheetClose />
      </header>
      <PassageView state={state} chatId={chatId} />
    </>
  );
}

function PassageFileName({ name }: { name: string | null }) {
  if (!name) return null;
  return (
    <>
      <span className="sr-only"> of </span>
      <span className="block truncate font-normal text-muted-foreground text-sm" title={name}>
        {name}
      </span>
    </>
  );
}

export type PassageState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; passage: DocumentPassage };

/** The panel's body: the passage while it loads, the server's reason when there is none, or its text. */
export function PassageView({ state, chatId }: { state: PassageState; chatId: string }) {
  if (state.status === 'loading') {
    return (
      <div className="grid gap-3 px-5 py-5" aria-busy="true">
        <span className="sr-only" role="status">
          Loading the passage…
        </span>
        <Skeleton className="h-3 w-11/12" />
        <Skeleton className="h-3 w-4/5" />
        <Skeleton className="h-3 w-5/6" />
        <Skeleton className="h-3 w-2/3" />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="px-5 py-5">
        <p
          role="alert"
          className="rounded-xl border border-destructive/30 bg-destructive/10 px-4 py-3 text-destructive text-sm"
        >
          {state.message}
        </p>
      </div>
    );
  }
  const { passage } = state;
  return (
    <>
      <section
        aria-label="Passage"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a long passage scrolls; a keyboard must reach it to scroll it (axe: scrollable-region-focusable).
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto px-5 py-5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
        data-testid="document-passage"
      >
        {passage.text.trim() ? (
          <LazyMarkdown>{passage.text}</LazyMarkdown>
        ) : (
          <p className="text-muted-foreground text-sm">No text was found here.</p>
        )}
      </section>
      {passage.format === 'pdf' && passage.pages ? (
        <footer className="border-border border-t px-5 py-3">
          <OpenPdfPage chatId={chatId} page={passage.pages.from} />
        </footer>
      ) : null}
    </>
  );
}

/** 'Open page 12 in the PDF': the chat's PDF, fetched with the bearer token, in a new tab at that page. */
function OpenPdfPage({ chatId, page }: { chatId: string; page: number }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const open = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await openApiFile(`/api/history/${encodeURIComponent(chatId)}/file`, {
        type: 'application/pdf',
        fragment: `#page=${page}`,
      });
    } catch (error) {
      console.error('Could not open the PDF', error);
      setFailure(error instanceof Error && error.message ? error.message : 'Could not open the PDF.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-2">
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => void open()}
        disabled={busy}
      >
        {busy ? (
          <Loader2 className="size-3.5 animate-spin" aria-hidden />
        ) : (
          <ExternalLink className="size-3.5" aria-hidden />
        )}
        Open page {page.toLocaleString('en-US')} in the PDF
        <span className="sr-only"> (opens in a new tab)</span>
      </Button>
      {failure ? (
        <p role="alert" className="text-destructive text-xs">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
