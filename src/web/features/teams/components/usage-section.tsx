import { ChartColumn } from 'lucide-react';
import { planName } from '#shared/plans';
import { TOOL_LIST } from '#shared/tools';
import { SectionCard } from '#web/components/section-card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { TableScroller } from '#web/components/ui/table-scroller.tsx';
import { useTeamUsage } from '#web/features/teams/api/get-team-usage.ts';
import { roleLabel } from '#web/features/teams/lib/team-types.ts';
import { teamUsageLabel, toolBars } from '#web/features/teams/lib/usage-bars.ts';
import { LoadingPlaceholder } from './loading-placeholder.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const cellClass = 'px-3 py-2.5 text-left align-middle';

/** For owners and admins: the team's plan, seats and generations this period, per tool and per member. */
export function UsageSection({ teamId }: { teamId: string }) {
  const usage = useTeamUsage(teamId, true);
  return (
    <SectionCard
      id="usage"
      title="Usage"
      icon={ChartColumn}
      description="Generations made in this team’s workspace during the current period."
    >
      {usage.isPending ? (
        <LoadingPlaceholder label="Loading the usage…">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-32 w-full" />
        </LoadingPlaceholder>
      ) : usage.isError ? (
        <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-destructive text-sm">
          Could not load the usage. {usage.error.message}
        </p>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
          <dl className="grid gap-3 sm:grid-cols-3">
            <Figure
              label="Plan"
              value={usage.data.plan === 'free' ? 'No team plan' : planName(usage.data.plan)}
            />
            <Figure label="Seats" value={String(usage.data.seats)} />
            <Figure
              label="Used this period"
              value={
                usage.data.plan === 'free'
                  ? 'Counted by each member’s own plan'
                  : teamUsageLabel(usage.data.used, usage.data.limit)
              }
            />
          </dl>
          <p className="-mt-3 text-muted-foreground text-xs">
            Counted since {dateFormat.format(new Date(usage.data.periodStart))}; the count starts again on{' '}
            {dateFormat.format(new Date(usage.data.periodEnd))}.
          </p>
          <div>
            <h3 className="font-medium text-sm" id="usage-by-tool">
              By tool
            </h3>
            <ul aria-labelledby="usage-by-tool" className="mt-3 grid gap-2.5">
              {toolBars(usage.data.tools).map((bar) => (
                <li
                  key={bar.slug}
                  className="grid grid-cols-[9rem_minmax(0,1fr)_2.5rem] items-center gap-3 text-sm"
                >
                  <span className="truncate text-muted-foreground">{bar.name}</span>
                  <span className="h-2.5 overflow-hidden rounded-full bg-muted" aria-hidden>
                    <span
                      className="block h-full rounded-full bg-primary"
                      style={{ width: `${bar.percent}%` }}
                    />
                  </span>
                  <span className="text-right font-medium tabular-nums">{bar.count}</span>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="font-medium text-sm">By member</h3>
            <TableScroller label="Usage by member" className="mt-3">
              <table className="w-full min-w-[44rem] text-sm">
                <caption className="sr-only">Generations per member and per tool this period</caption>
                <thead className="bg-muted text-muted-foreground text-xs">
                  <tr>
                    <th scope="col" className={cellClass}>
                      Member
                    </th>
                    <th scope="col" className={`${cellClass} text-right`}>
                      Used
                    </th>
                    {TOOL_LIST.map((tool) => (
                      <th key={tool.slug} scope="col" className={`${cellClass} text-right font-normal`}>
                        {tool.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {usage.data.members.map((member) => (
                    <tr key={member.userId}>
                      <th scope="row" className={`${cellClass} font-normal`}>
                        <span className="block font-medium">{member.name}</span>
                        <span className="block text-muted-foreground text-xs">{roleLabel(member.role)}</span>
                      </th>
                      <td className={`${cellClass} text-right font-medium tabular-nums`}>{member.used}</td>
                      {TOOL_LIST.map((tool) => (
                        <td
                          key={tool.slug}
                          className={`${cellClass} text-right text-muted-foreground tabular-nums`}
                        >
                          {member.tools[tool.slug] ?? 0}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
          </div>
        </div>
      )}
    </SectionCard>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-border bg-muted/40 px-4 py-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="mt-0.5 font-semibold">{value}</dd>
    </div>
  );
}
