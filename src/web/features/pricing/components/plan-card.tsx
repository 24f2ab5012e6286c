import { Check, Loader2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { type BillingPeriod, type Plan, planPrice } from '#shared/plans';
import { Button } from '#web/components/ui/button.tsx';
import { formatPrice } from '#web/features/pricing/utils/format-price.ts';
import { cn } from '#web/lib/cn.ts';
import { PlanFeatureIcon } from './plan-feature-icon.tsx';

interface PlanCardProps {
  plan: Plan;
  period: BillingPeriod;
  /** The signed-in visitor is on this plan: it is marked, and its button chooses nothing. */
  current?: boolean;
  /**
   * The button's action (checkout, sign-up first, contact sales…: hooks/use-plan-choice.ts). Without
   * one (the prerendered page before it is interactive) the button is a plain link to sign-up.
   */
  onChoose?: (plan: Plan) => void;
  /** The choice is on its way (the checkout page is being opened). */
  pending?: boolean;
}

export function PlanCard({ plan, period, current = false, onChoose, pending = false }: PlanCardProps) {
  const [heading, ...includes] = plan.includes;
  const titleId = `plan-${plan.id}-title`;
  const saving = plan.price * 12 - plan.yearlyPrice;
  return (
    <article
      aria-labelledby={titleId}
      data-testid={`plan-${plan.id}`}
      data-current={current || undefined}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-7',
        plan.popular
          ? 'border-primary shadow-primary/15 shadow-xl ring-1 ring-primary'
          : 'border-border shadow-sm',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="font-semibold text-xl">
          {plan.name}
        </h2>
        {current ? (
          <span className="rounded-full border border-primary px-3 py-1 font-semibold text-primary text-xs">
            Current plan
          </span>
        ) : plan.popular ? (
          <span className="rounded-full bg-primary px-3 py-1 font-semibold text-primary-foreground text-xs">
            Popular
          </span>
        ) : null}
      </div>
      <p className="mt-2 min-h-12 text-muted-foreground text-sm">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="font-bold text-5xl tracking-tight" data-testid="plan-price">
          {formatPrice(planPrice(plan, period))}
        </span>
        <span className="font-medium text-muted-foreground" data-testid="plan-period">
          {period === 'yearly' ? '/year' : '/month'}
        </span>
      </p>
      <p className="mt-1 text-muted-foreground text-sm">
        {period === 'yearly' ? `Billed yearly — ${formatPrice(saving)} less than monthly` : 'Billed monthly'}
      </p>
      {current ? (
        <Button variant="outline" size="lg" className="mt-6 w-full" disabled>
          Your current plan
        </Button>
      ) : (
        <Button asChild variant={plan.buttonVariant} size="lg" className="mt-6 w-full">
          <Link
            to="/signup"
            aria-disabled={pending || undefined}
            onClick={(event: MouseEvent<HTMLAnchorElement>) => {
              if (!onChoose) return;
              event.preventDefault();
              if (!pending) onChoose(plan);
            }}
          >
            {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {plan.buttonText}
          </Link>
        </Button>
      )}
      <ul className="mt-7 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature.text} className="flex items-center gap-3 font-medium">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-accent text-primary">
              <PlanFeatureIcon icon={feature.icon} className="size-4" />
            </span>
            {feature.text}
          </li>
        ))}
      </ul>
      <div className="mt-7 border-border border-t pt-6">
        <h3 className="font-semibold text-sm">{heading}</h3>
        <ul className="mt-3 space-y-2.5 text-muted-foreground text-sm">
          {includes.map((item) => (
            <li key={item} className="flex gap-2.5">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
