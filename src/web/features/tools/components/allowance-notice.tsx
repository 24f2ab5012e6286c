import { Hourglass } from 'lucide-react';
import { MoreGenerations } from '#web/components/more-generations.tsx';
import { renewalDate } from '#web/lib/allowance.ts';
import { counted } from '#web/lib/plural.ts';

/**
 * In a tool form whose plan has used up the month's generations (docs/product.md §2), before anyone
 * clicks: that they are used up, when they renew, and where more come from. The form's button stays
 * disabled meanwhile.
 */
export function AllowanceNotice({ limit, periodEnd }: { limit: number; periodEnd: string }) {
  const date = renewalDate(periodEnd);
  return (
    <div
      data-testid="allowance-used-up"
      className="flex gap-3 rounded-xl border border-amber-500/50 bg-amber-500/10 px-4 py-3 text-sm"
    >
      <Hourglass className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden />
      <div className="grid min-w-0 gap-1">
        <p className="font-medium">This month’s generations are used up.</p>
        <p className="text-foreground/80">
          Your allowance of {counted(limit, 'generation')} renews{' '}
          {date ? `on ${date}` : 'when the month ends'}.
        </p>
        <MoreGenerations className="mt-1" />
      </div>
    </div>
  );
}
