import { CircleStop, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { AnswerDownloads, answerDownloadLabel } from '#web/components/answer-downloads.tsx';
import { preloadMarkdown } from '#web/components/markdown/lazy-markdown.tsx';
import { WithMatchReport } from '#web/components/match-report.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useHistoryItem } from '#web/features/history/api/get-history-item.ts';
import { toMatchReport } from '#web/lib/match-report.ts';
import { PromptSection } from './prompt-section.tsx';
import { SavedAnswer } from './saved-answer.tsx';

/**
 * A saved chat (docs/product.md §2): the collapsible Prompt (with the uploaded document, if any), then
 * the AI Output as markdown; a resume chat adds its job match report and the answer's downloads.
 */
export function ChatView({ chatId }: { chatId: string }) {
  const chat = useHistoryItem(chatId);
  // The renderer's chunk loads while the chat does.
  useEffect(preloadMarkdown, []);

  if (chat.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <span className="sr-only" role="status">
          Loading chat…
        </span>
        <Skeleton shape="card" className="h-24 w-full" />
        <Skeleton shape="card" className="h-64 w-full" />
      </div>
    );
  }
  if (chat.isError) {
    return (
      <p
        role="alert"
        className="rounded-xl border border-destructive/30 bg-destructive/10 px-4 py-3 text-destructive text-sm"
      >
        Failed to fetch history
      </p>
    );
  }

  const prompt = chat.data.messages.find((m) => m.role === 'user')?.content ?? '';
  const reply = chat.data.messages.find((m) => m.role === 'assistant')?.content ?? '';
  const matchReport = toMatchReport(chat.data.matchReport);
  const downloadLabel = answerDownloadLabel(chat.data.service);
  return (
    <article className="grid grid-cols-[minmax(0,1fr)] gap-5" aria-label={chat.data.title}>
      <PromptSection prompt={prompt} file={chat.data.file ?? null} />
      <section
        aria-labelledby="ai-output-title"
        className="rounded-2xl border border-border bg-card shadow-xs"
      >
        <header className="flex items-center justify-between gap-3 border-border border-b px-5 py-3">
          <h2 id="ai-output-title" className="flex items-center gap-2 font-semibold text-sm">
            <Sparkles className="size-4 text-primary" aria-hidden />
            AI Output
          </h2>
          {reply ? <CopyButton text={reply} label="Copy output" /> : null}
        </header>
        <div className="px-5 py-5">
          {chat.data.status === 'stopped' ? (
            <p className="mb-4 inline-flex items-center gap-2 rounded-lg bg-muted px-3 py-1.5 text-muted-foreground text-xs">
              <CircleStop className="size-3.5" aria-hidden />
              This answer was stopped before it finished.
            </p>
          ) : null}
          <WithMatchReport report={matchReport}>
            {reply ? (
              <SavedAnswer text={reply} />
            ) : (
              <p className="text-muted-foreground text-sm">no message yet</p>
            )}
          </WithMatchReport>
        </div>
        {reply && downloadLabel ? (
          <footer className="border-border border-t px-5 py-3">
            <AnswerDownloads historyId={chat.data.id} label={downloadLabel} />
          </footer>
        ) : null}
      </section>
    </article>
  );
}
