import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  icon: LucideIcon;
  title: string;
  lead: ReactNode;
}

/** The heading of a page of its own (/account, /admin): its icon (from the sm breakpoint), title and a line on what it holds. */
export function PageHeader({ icon: Icon, title, lead }: PageHeaderProps) {
  return (
    <header className="flex items-start gap-4">
      <span className="hidden size-12 shrink-0 place-items-center rounded-2xl bg-accent text-primary sm:grid">
        <Icon className="size-6" aria-hidden />
      </span>
      <div className="min-w-0">
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-1 text-muted-foreground">{lead}</p>
      </div>
    </header>
  );
}
