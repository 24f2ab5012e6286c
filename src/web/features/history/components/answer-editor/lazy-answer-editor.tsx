import { Suspense } from 'react';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { lazyWithPreload } from '#web/lib/lazy-with-preload.tsx';
import type { AnswerEditorProps } from './answer-editor.tsx';

/** The editor (Tiptap, ProseMirror, Markdown) is its own chunk, fetched on the first Edit. */
const AnswerEditor = lazyWithPreload<AnswerEditorProps>(
  async () => (await import('./answer-editor.tsx')).AnswerEditor,
);

/** Starts fetching the editor's chunk, e.g. when the pointer comes near Edit. */
export function preloadAnswerEditor(): void {
  void AnswerEditor.preload();
}

/** The answer editor, with a placeholder the size of its toolbar and text while its chunk arrives. */
export function LazyAnswerEditor(props: AnswerEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="grid gap-3" aria-busy="true">
          <span className="sr-only" role="status">
            Loading the editor…
          </span>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      }
    >
      <AnswerEditor {...props} />
    </Suspense>
  );
}
