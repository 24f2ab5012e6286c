import { AlertCircle } from 'lucide-react';
import type { ToolError } from '#web/lib/tool-error.ts';
import { MoreGenerations } from './more-generations.tsx';

/**
 * The red banner of docs/product.md §2/§8; the inputs stay above it. A used-up plan adds where more
 * generations come from (Upgrade when the server sells plans, else the administrator).
 */
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
        {error.upgrade ? <MoreGenerations className="mt-1.5" /> : null}
      </div>
    </div>
  );
}
