import { Plus } from 'lucide-react';
import { toolTagline } from '#shared/tools';

const HISTORY = ['useMemo with debounce', 'Rust lifetimes in structs', 'SQL window functions'];

/** A static mock of the Code Explainer screen; decorative, so hidden from assistive technology. */
export function HeroPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-xl select-none lg:max-w-none">
      <div className="-inset-6 absolute rounded-[2rem] bg-primary/15 blur-3xl" />
      <div className="relative overflow-hidden rounded-2xl border border-border bg-card shadow-2xl shadow-primary/10">
        <div className="flex items-center gap-2 border-border border-b bg-muted/60 px-4 py-3">
          <span className="size-3 rounded-full bg-red-400" />
          <span className="size-3 rounded-full bg-amber-400" />
          <span className="size-3 rounded-full bg-emerald-400" />
          <span className="ml-3 truncate rounded-md bg-background px-3 py-1 text-muted-foreground text-xs">
            draftsmith.local/services/code-explainer
          </span>
        </div>
        <div className="grid grid-cols-1 sm:grid-cols-[10.5rem_minmax(0,1fr)]">
          <div className="hidden border-border border-r p-3 text-xs sm:block">
            <p className="font-semibold">Code Explainer</p>
            <p className="mt-3 flex items-center gap-1 rounded-md bg-primary px-2 py-1.5 font-medium text-primary-foreground">
              <Plus className="size-3" /> New Chat
            </p>
            <p className="mt-4 font-medium text-muted-foreground">History</p>
            <ul className="mt-2 space-y-1">
              {HISTORY.map((item, i) => (
                <li
                  key={item}
                  className={i === 0 ? 'truncate rounded bg-accent px-2 py-1' : 'truncate px-2 py-1'}
                >
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <div className="space-y-3 p-4 text-xs sm:text-sm">
            <p className="text-muted-foreground">{toolTagline('code-explainer')}</p>
            <div className="flex items-center justify-between">
              <span className="font-medium">Your Code</span>
              <span className="rounded border border-border px-2 py-0.5 text-muted-foreground">
                typescript
              </span>
            </div>
            <pre className="overflow-hidden rounded-lg bg-slate-950 p-3 font-mono text-[11px] text-slate-100 leading-relaxed sm:text-xs">
              <span className="text-violet-300">const</span> save ={' '}
              <span className="text-sky-300">useMemo</span>
              {'(\n  () => '}
              <span className="text-sky-300">debounce</span>
              {'(persist, '}
              <span className="text-amber-300">500</span>
              {'),\n  [],\n);'}
            </pre>
            <p className="font-medium">AI Output</p>
            <div className="space-y-2 rounded-lg border border-border bg-background p-3 text-muted-foreground">
              <p>
                <span className="font-semibold text-foreground">useMemo</span> keeps one debounced function
                for the component’s lifetime.
              </p>
              <p>
                Rapid edits call <span className="font-semibold text-foreground">persist</span> once, 500 ms
                after the last change.
              </p>
              <div className="h-2 w-3/4 rounded bg-muted" />
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
