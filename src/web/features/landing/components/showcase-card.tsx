import { toolFormOf } from '#shared/tool-forms';
import type { ToolDefinition } from '#shared/tools';
import { ToolIcon } from '#web/components/tool-icon.tsx';

export function ShowcaseCard({ tool, index }: { tool: ToolDefinition; index: number }) {
  const { sample } = toolFormOf(tool.slug);
  return (
    <article className="flex h-full flex-col rounded-2xl border border-border bg-card p-5 shadow-lg sm:p-6 shadow-primary/5">
      <div className="flex items-center justify-between">
        <span className="flex size-11 items-center justify-center rounded-xl bg-primary text-primary-foreground">
          <ToolIcon slug={tool.slug} className="size-5" />
        </span>
        <span className="font-mono text-muted-foreground text-sm">0{index + 1} / 06</span>
      </div>
      <h3 className="mt-5 font-semibold text-xl">{tool.name}</h3>
      <p className="mt-2 text-muted-foreground">{tool.tagline}</p>
      <div className="mt-5 space-y-3 text-sm">
        <div className="rounded-lg bg-muted px-4 py-3">
          <p className="font-medium text-muted-foreground text-xs uppercase tracking-wide">You ask</p>
          <p className="mt-1 break-words font-mono text-[13px]">{sample.input}</p>
        </div>
        <div className="rounded-lg border border-primary/30 bg-accent px-4 py-3">
          <p className="font-medium text-primary text-xs uppercase tracking-wide">Draftsmith answers</p>
          <p className="mt-1 whitespace-pre-line">{sample.output}</p>
        </div>
      </div>
    </article>
  );
}
