import { useState } from 'react';
import type { AdminUsage } from '#shared/admin';
import { type ChartDay, usageChartModel } from '#web/features/admin/lib/usage-chart.ts';
import { cn } from '#web/lib/cn.ts';
import { counted, nounFor } from '#web/lib/plural.ts';

interface UsageChartProps {
  usage: Pick<AdminUsage, 'from' | 'to' | 'days' | 'totals' | 'total'>;
}

/**
 * Generations per tool per day as stacked bars, one colour per tool. The bars are one image to
 * assistive technology, named by a summary; the numbers themselves are in a visually hidden table.
 */
export function UsageChart({ usage }: UsageChartProps) {
  const model = usageChartModel(usage);
  const [hovered, setHovered] = useState<number | null>(null);
  const hoveredDay = hovered === null ? null : model.days[hovered];

  return (
    <figure className="grid gap-4">
      <div className="flex gap-2 sm:gap-3">
        {/* The value axis: its labels sit on the gridlines of the plot beside it. */}
        <div aria-hidden className="relative h-52 w-7 shrink-0 sm:h-60">
          {model.ticks.map((tick) => (
            <span
              key={tick}
              className="absolute right-0 translate-y-1/2 text-muted-foreground text-xs tabular-nums"
              style={{ bottom: `${(tick / model.top) * 100}%` }}
            >
              {tick}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <div className="relative h-52 sm:h-60">
            <div aria-hidden className="pointer-events-none absolute inset-0">
              {model.ticks.map((tick) => (
                <div
                  key={tick}
                  className={cn(
                    'absolute inset-x-0 border-t',
                    tick === 0 ? 'border-border' : 'border-border/60 border-dashed',
                  )}
                  style={{ bottom: `${(tick / model.top) * 100}%` }}
                />
              ))}
            </div>
            <div
              role="img"
              aria-label={model.summary}
              data-testid="usage-chart"
              className="relative flex h-full items-end gap-[2px] sm:gap-1"
              onMouseMove={(event) => {
                const box = event.currentTarget.getBoundingClientRect();
                const at = Math.floor(((event.clientX - box.left) / box.width) * model.days.length);
                setHovered(Math.min(model.days.length - 1, Math.max(0, at)));
              }}
              onMouseLeave={() => setHovered(null)}
            >
              {model.days.map((day, index) => (
                <Bar key={day.date} day={day} top={model.top} active={hovered === index} />
              ))}
            </div>
            {hoveredDay && hovered !== null ? (
              <DayTooltip day={hoveredDay} index={hovered} count={model.days.length} />
            ) : null}
            {model.total === 0 ? (
              <p className="absolute inset-0 flex items-center justify-center text-muted-foreground text-sm">
                No generations in the last {counted(model.days.length, 'day')}.
              </p>
            ) : null}
          </div>
          <div aria-hidden className="mt-2 flex gap-[2px] sm:gap-1">
            {model.days.map((day, index) => (
              <div key={day.date} className="relative h-4 flex-1">
                {day.labelled ? (
                  <span
                    className={cn(
                      'absolute whitespace-nowrap text-muted-foreground text-xs',
                      // The last day's date ends at the plot's edge rather than past it.
                      index === model.days.length - 1 ? 'right-0' : 'left-1/2 -translate-x-1/2',
                    )}
                  >
                    {day.label}
                  </span>
                ) : null}
              </div>
            ))}
          </div>
        </div>
      </div>
      <figcaption>
        <ul aria-label="Tools" className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          {model.series.map((series) => (
            <li key={series.slug} className="inline-flex items-center gap-2">
              <span aria-hidden className={cn('size-3 shrink-0 rounded-sm', series.colorClass)} />
              <span>{series.name}</span>
              <span className="text-muted-foreground tabular-nums">
                {series.total}
                <span className="sr-only"> {nounFor(series.total, 'generation')}</span>
              </span>
            </li>
          ))}
        </ul>
      </figcaption>
      {/* A table ignores the width sr-only gives it; its wrapper clips it. */}
      <div className="sr-only">
        <table>
          <caption>Generations per tool per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {model.series.map((series) => (
                <th key={series.slug} scope="col">
                  {series.name}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {usage.days.map((day, index) => (
              <tr key={day.date}>
                <th scope="row">{model.days[index]?.label}</th>
                {model.series.map((series) => (
                  <td key={series.slug}>{day.counts[series.slug] ?? 0}</td>
                ))}
                <td>{day.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

interface BarProps {
  day: ChartDay;
  top: number;
  active: boolean;
}

function Bar({ day, top, active }: BarProps) {
  return (
    <div
      data-date={day.date}
      data-total={day.total}
      className={cn('flex h-full flex-1 flex-col justify-end rounded-t-sm', active && 'bg-muted/70')}
    >
      {day.total > 0 ? (
        <div
          className="flex flex-col-reverse gap-px overflow-hidden rounded-t-[3px]"
          style={{ height: `${(day.total / top) * 100}%` }}
        >
          {day.segments.map((segment) => (
            <div
              key={segment.slug}
              className={cn('min-h-px', segment.colorClass)}
              style={{ flexGrow: segment.count, flexBasis: 0 }}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function DayTooltip({ day, index, count }: { day: ChartDay; index: number; count: number }) {
  // Kept inside the plot: anchored by its left edge near the start, its right edge near the end.
  const place =
    index < count / 4 ? 'translate-x-0' : index >= (count * 3) / 4 ? '-translate-x-full' : '-translate-x-1/2';
  const anchor =
    index < count / 4
      ? index / count
      : index >= (count * 3) / 4
        ? (index + 1) / count
        : (index + 0.5) / count;
  return (
    <div
      aria-hidden
      className={cn(
        'pointer-events-none absolute top-0 z-10 min-w-44 whitespace-nowrap rounded-lg border border-border bg-card px-3 py-2 text-xs shadow-black/10 shadow-lg',
        place,
      )}
      style={{ left: `${anchor * 100}%` }}
    >
      <p className="font-semibold text-sm">
        {day.label} <span className="font-normal text-muted-foreground">· {day.total}</span>
      </p>
      {day.segments.length > 0 ? (
        <ul className="mt-1 grid gap-0.5">
          {day.segments.map((segment) => (
            <li key={segment.slug} className="flex items-center gap-2">
              <span className={cn('size-2 shrink-0 rounded-sm', segment.colorClass)} />
              <span className="flex-1">{segment.name}</span>
              <span className="tabular-nums">{segment.count}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-muted-foreground">No generations</p>
      )}
    </div>
  );
}
