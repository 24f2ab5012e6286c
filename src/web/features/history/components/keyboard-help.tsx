import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';

/** The keys of the tool pages, as the forms and the follow-up box take them (docs/product.md §2, §4). */
const SHORTCUTS: [keys: string[], what: string][] = [
  [['Enter'], 'Send a tool form from a text box (Shift + Enter for a new line)'],
  [
    ['Ctrl', 'Enter'],
    'Send from the code box or a follow-up, where Enter is a new line; from any other box too (⌘ Enter on a Mac)',
  ],
  [['Esc'], 'Stop the answer being written'],
  [['/'], 'Search your chats'],
];

/** The '?' beside the search box: the keyboard shortcuts of the tool pages, in a dialog over the page. */
export function KeyboardHelp() {
  return (
    <Dialog.Root>
      <Dialog.Trigger
        aria-label="Keyboard shortcuts"
        className="grid size-8 shrink-0 place-items-center rounded-md border border-border font-medium text-muted-foreground text-xs hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        ?
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-card p-6 text-foreground shadow-2xl data-[state=open]:animate-fade-in">
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="font-semibold text-lg">Keyboard shortcuts</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="-mt-1.5 -mr-2 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-muted-foreground text-sm">
            On the tool pages and in saved chats.
          </Dialog.Description>
          <dl className="mt-4 grid gap-3 text-sm">
            {SHORTCUTS.map(([keys, what]) => (
              <div key={what} className="grid grid-cols-[6rem_minmax(0,1fr)] items-start gap-3">
                <dt className="flex gap-1">
                  {keys.map((key) => (
                    <kbd key={key} className="rounded border border-border bg-muted px-1.5 font-mono text-xs">
                      {key}
                    </kbd>
                  ))}
                </dt>
                <dd className="text-muted-foreground">{what}</dd>
              </div>
            ))}
          </dl>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
