import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface SectionCardProps {
  /** Its anchor (`/account#<id>`); the title names its landmark. */
  id: string;
  title: string;
  description?: ReactNode;
  icon: LucideIcon;
  /** Beside the title on wide screens, below it on narrow ones (e.g. 'Sign out all other sessions'). */
  action?: ReactNode;
  children: ReactNode;
}

/** One card of a page of sections (/account, /team): a titled section with its own content. */
export function SectionCard({ id, title, description, icon: Icon, action, children }: SectionCardProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent text-primary">
            <Icon className="size-4.5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 id={headingId} className="font-semibold text-lg leading-9 tracking-tight">
              {title}
            </h2>
            {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
          </div>
        </div>
        {action ? <div className="shrink-0 sm:pt-0.5">{action}</div> : null}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
