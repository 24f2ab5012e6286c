import { Activity, Crown, type LucideIcon, Users, UserX } from 'lucide-react';
import type { AdminUsage } from '#shared/admin';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useAdminUsage } from '#web/features/admin/api/get-admin-usage.ts';
import { premiumAccounts } from '#web/features/admin/lib/admin-format.ts';
import { formatDay } from '#web/features/admin/lib/usage-chart.ts';
import { LoadError } from './load-error.tsx';
import { UsageChart } from './usage-chart.tsx';

/** The summary cards and the usage chart, from GET /api/admin/usage. */
export function UsageOverview() {
  const usage = useAdminUsage();
  if (usage.isPending) return <UsageSkeleton />;
  if (usage.isError) {
    return (
      <LoadError
        message="Could not load the usage summary."
        detail={usage.error.message}
        retrying={usage.isFetching}
        onRetry={() => void usage.refetch()}
      />
    );
  }
  return <UsageContent usage={usage.data} />;
}

export function UsageContent({ usage }: { usage: AdminUsage }) {
  const { accounts } = usage;
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <SummaryCard icon={Users} label="Accounts" value={accounts.total} />
        <SummaryCard icon={UserX} label="Disabled" value={accounts.disabled} />
        <SummaryCard icon={Crown} label="Premium" value={premiumAccounts(accounts.byPlan)} />
        <SummaryCard icon={Activity} label="Generations, 30 days" value={usage.total} />
      </dl>
      <section
        aria-labelledby="usage-title"
        className="rounded-2xl border border-border bg-card p-4 shadow-black/5 shadow-sm sm:p-6"
      >
        <div className="mb-5 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="usage-title" className="font-semibold text-lg">
            Generations per day
          </h2>
          <p className="text-muted-foreground text-sm">
            {formatDay(usage.from)} – {formatDay(usage.to)} (UTC)
          </p>
        </div>
        <UsageChart usage={usage} />
      </section>
    </div>
  );
}

function SummaryCard({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: number }) {
  return (
    <div className="rounded-2xl border border-border bg-card p-4 shadow-black/5 shadow-sm sm:p-5">
      <dt className="flex items-center gap-2 text-muted-foreground text-sm">
        <span className="grid size-7 shrink-0 place-items-center rounded-lg bg-accent text-primary">
          <Icon className="size-4" aria-hidden />
        </span>
        {label}
      </dt>
      <dd className="mt-3 font-semibold text-2xl tabular-nums tracking-tight sm:text-3xl">
        {value.toLocaleString('en')}
      </dd>
    </div>
  );
}

function UsageSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading the usage summary…
      </span>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {['accounts', 'disabled', 'premium', 'generations'].map((key) => (
          <Skeleton key={key} shape="card" className="h-24 sm:h-28" />
        ))}
      </div>
      <Skeleton shape="card" className="h-80" />
    </div>
  );
}
