import { Loader2 } from 'lucide-react';
import { PLAN_IDS, type PlanId, planName } from '#shared/plans';
import { NativeSelect } from '#web/components/ui/native-select.tsx';

interface PlanSelectProps {
  /** The account's plan id, as the server has it. */
  value: string;
  /** The plan being saved, shown until the server answers. */
  pending: PlanId | null;
  label: string;
  onChange: (plan: PlanId) => void;
}

const isPlanId = (value: string): value is PlanId => (PLAN_IDS as readonly string[]).includes(value);

/** Free, Starter, Pro, Enterprise; picking one saves it at once. */
export function PlanSelect({ value, pending, label, onChange }: PlanSelectProps) {
  // A plan id no catalogue entry has any more (retired after it was assigned) stays visible as it is.
  const options = isPlanId(value) ? PLAN_IDS : [...PLAN_IDS, value];
  return (
    <div className="relative inline-flex items-center gap-2">
      <NativeSelect
        aria-label={label}
        value={pending ?? value}
        disabled={pending !== null}
        onChange={(event) => {
          const next = event.target.value;
          if (isPlanId(next) && next !== value) onChange(next);
        }}
        className="w-32"
      >
        {options.map((id) => (
          <option key={id} value={id}>
            {isPlanId(id) ? planName(id) : id}
          </option>
        ))}
      </NativeSelect>
      {pending !== null ? (
        <span role="status" className="inline-flex">
          <Loader2 className="size-4 animate-spin text-muted-foreground" aria-hidden />
          <span className="sr-only">Saving the plan…</span>
        </span>
      ) : null}
    </div>
  );
}
