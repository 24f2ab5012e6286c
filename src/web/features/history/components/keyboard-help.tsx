import { Popover } from 'radix-ui';

const SHORTCUTS: [keys: string[], what: string][] = [
  [['Ctrl', 'Enter'], 'Send the form or a follow-up (⌘ Enter on a Mac)'],
  [['Esc'], 'Stop the answer being written'],
  [['/'], 'Search your chats'],
];

/** The '?' beside the search box: the keyboard shortcuts of the tool pages. */
export function KeyboardHelp() {
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label="Keyboard shortcuts"
        className="grid size-8 shrink-0 place-items-center rounded-md border border-border font-medium text-muted-foreground text-xs hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        ?
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="end"
          sideOffset={6}
          className="z-50 w-72 rounded-lg border border-border bg-card p-3 text-foreground shadow-black/10 shadow-lg data-[state=open]:animate-dropdown-in"
        >
          <h2 className="mb-2 font-semibold text-sm">Keyboard shortcuts</h2>
          <dl className="grid gap-2 text-sm">
            {SHORTCUTS.map(([keys, what]) => (
              <div key={what} className="flex items-start justify-between gap-3">
                <dt className="flex shrink-0 gap-1">
                  {keys.map((key) => (
                    <kbd key={key} className="rounded border border-border bg-muted px-1.5 font-mono text-xs">
                      {key}
                    </kbd>
                  ))}
                </dt>
                <dd className="text-right text-muted-foreground">{what}</dd>
              </div>
            ))}
          </dl>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
