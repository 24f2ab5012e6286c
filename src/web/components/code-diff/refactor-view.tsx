import { GitCompare, Loader2 } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { firstCodeBlock } from '#web/lib/code-block.ts';

// Loaded with the Markdown renderer's chunk, which holds the same highlighter and its grammars: one
// chunk, rather than a chunk of their own shared by both (which split Rolldown's runtime helpers off the
// shell and added a request to every page's first view).
const CodeDiff = lazy(async () => ({
  default: (await import('#web/components/markdown/markdown.tsx')).CodeDiff,
}));

/** A code refactor's answer and the code it was asked about (docs/product.md §3: the refactor's diff). */
export interface RefactorSource {
  /** The code as submitted. */
  submitted: string;
  language: string | null;
}

/**
 * The refactored code (the answer's first code block) and the submitted code, for the answer's header:
 * whether a diff can be shown and what Copy copies (the refactored code alone). Null when the answer
 * has no code block yet.
 */
export function refactorOf(answer: string, source: RefactorSource | null) {
  const block = source ? firstCodeBlock(answer) : null;
  return source && block
    ? { ...source, refactored: block.code, language: block.language ?? source.language }
    : null;
}

interface RefactorViewProps {
  answer: string;
  source: RefactorSource | null;
  /** The answer as it is rendered otherwise (Markdown). */
  children: ReactNode;
}

/**
 * A code refactor's answer with, one click away, the diff against the submitted code (the answer's
 * Copy copies the refactored code alone: `refactorOf`). Without the submitted code or a code block in
 * the answer, the answer as it is.
 */
export function RefactorView({ answer, source, children }: RefactorViewProps) {
  const [showDiff, setShowDiff] = useState(false);
  const refactor = refactorOf(answer, source);
  if (!refactor) return <>{children}</>;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setShowDiff((shown) => !shown)}
          aria-pressed={showDiff}
        >
          <GitCompare className="size-3.5" aria-hidden />
          {showDiff ? 'Show the answer' : 'Show changes'}
        </Button>
      </div>
      {showDiff ? (
        <Suspense
          fallback={
            <p className="inline-flex items-center gap-2 text-muted-foreground text-sm" role="status">
              <Loader2 className="size-3.5 animate-spin" aria-hidden />
              Comparing…
            </p>
          }
        >
          <CodeDiff before={refactor.submitted} after={refactor.refactored} language={refactor.language} />
        </Suspense>
      ) : (
        children
      )}
    </div>
  );
}
