import { useEffect, useRef } from 'react';
import { ADVERTISED_YEARLY_SAVING, type BillingPeriod } from '#shared/plans';

const OPTIONS: readonly { value: BillingPeriod; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];

interface BillingToggleProps {
  value: BillingPeriod;
  onChange: (value: BillingPeriod) => void;
}

/** Native radio inputs styled as a segmented control: arrow keys and screen readers work as usual. */
export function BillingToggle({ value, onChange }: BillingToggleProps) {
  const fieldset = useRef<HTMLFieldSetElement>(null);
  // The page is prerendered: a visitor can pick a period before the script has loaded. Keep that pick
  // (the native radio already shows it) instead of pricing the other one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the page becomes interactive
  useEffect(() => {
    const picked = fieldset.current?.querySelector<HTMLInputElement>('input:checked')?.value;
    if (picked && picked !== value && OPTIONS.some((o) => o.value === picked))
      onChange(picked as BillingPeriod);
  }, []);
  return (
    <fieldset ref={fieldset} className="flex justify-center">
      <legend className="sr-only">Billing period</legend>
      <div className="inline-flex items-center gap-1 rounded-full border border-border bg-muted p-1">
        {OPTIONS.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-2 rounded-full px-5 py-2 font-medium text-muted-foreground text-sm transition-colors hover:text-foreground has-checked:bg-primary has-checked:text-primary-foreground has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-ring"
          >
            <input
              type="radio"
              name="billing-period"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
            {option.value === 'yearly' ? (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-800 text-xs dark:bg-emerald-900/60 dark:text-emerald-200">
                Save {ADVERTISED_YEARLY_SAVING}%
              </span>
            ) : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
