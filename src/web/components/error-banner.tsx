import { AlertCircle, Crown } from 'lucide-react';
import { Link } from 'react-router';
import type { ToolError } from '#web/lib/tool-error.ts';

/** The red banner of docs/product.md §2/§8; the inputs stay above it. A used-up plan adds Upgrade. */
export function ErrorBanner({ error }: { error: ToolError }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-xl border border-destructive/30 bg-destructive/10 px-4 py-3 text-destructive"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid gap-0.5 text-sm">
        <p className="font-medium">{error.message}</p>
        {error.detail ? <p className="text-destructive/85">{error.detail}</p> : null}
        {error.upgrade ? (
          <Link
            to="/subscription"
            className="mt-1.5 inline-flex h-8 w-fit items-center gap-1.5 rounded-lg bg-primary px-3 font-medium text-primary-foreground text-xs transition-colors hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Crown className="size-3.5" aria-hidden />
            Upgrade
          </Link>
        ) : null}
      </div>
    </div>
  );
}
