import { Info } from 'lucide-react';

export function RoadmapNote() {
  return (
    <aside aria-label="Roadmap note" className="mx-auto w-full max-w-6xl px-4 pb-20 sm:px-6 lg:px-8">
      <p className="flex items-start gap-3 rounded-xl border border-border border-dashed bg-muted/40 px-5 py-4 text-muted-foreground text-sm">
        <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          Draftsmith is under active development. Some features described on this page may be on our roadmap
          and not yet released.
        </span>
      </p>
    </aside>
  );
}
