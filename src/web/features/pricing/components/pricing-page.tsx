import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { type BillingPeriod, PLANS, type Plan, planName } from '#shared/plans';
import { TOOL_COUNT_WORD } from '#shared/tools';
import { PageMeta } from '#web/components/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { PRICING_HEAD } from '#web/features/pricing/content/pricing-head.ts';
import { counted } from '#web/lib/plural.ts';
import { BillingToggle } from './billing-toggle.tsx';
import { PlanCard } from './plan-card.tsx';

/** A subscription paid online, which 'Manage subscription' opens in Stripe's customer portal. */
export interface ManagedSubscription {
  cancelAtPeriodEnd: boolean;
  /** When the plan renews, or ends when cancelled (ISO 8601). */
  periodEnd: string;
}

interface PricingPageProps {
  /** The signed-in visitor's plan id ('free' or a catalogue plan), marked on the page; null otherwise. */
  currentPlan?: string | null;
  /** What a plan button does (see PlanCard); absent while the page is prerendered. */
  onChoose?: (plan: Plan, period: BillingPeriod) => void;
  /** The plan (or 'portal') whose Stripe page is being opened. */
  pending?: string | null;
  /** The visitor has paid online: the page offers 'Manage subscription'. */
  subscription?: ManagedSubscription | null;
  onManage?: () => void;
  /** The server sells plans online (Stripe is set up); unknown while prerendered. */
  billingEnabled?: boolean;
  /** FREE_GENERATIONS_PER_MONTH, once the server's settings are read (unknown while prerendered). */
  freeGenerationsPerMonth?: number | null;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function PricingPage({
  currentPlan = null,
  onChoose,
  pending = null,
  subscription = null,
  onManage,
  billingEnabled = false,
  freeGenerationsPerMonth = null,
}: PricingPageProps) {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  return (
    <>
      <PageMeta {...PRICING_HEAD} />
      <section aria-labelledby="pricing-title" className="relative isolate overflow-hidden">
        <div
          aria-hidden="true"
          className="-z-10 absolute inset-0 bg-[radial-gradient(50rem_24rem_at_50%_-10%,color-mix(in_oklab,var(--primary)_18%,transparent),transparent)]"
        />
        <div className="mx-auto max-w-6xl px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:px-8 lg:pb-24">
          <div className="mx-auto max-w-2xl text-center">
            <p className="font-semibold text-primary text-sm uppercase tracking-wider">Pricing</p>
            <h1
              id="pricing-title"
              className="mt-2 text-balance font-extrabold text-4xl tracking-tight sm:text-5xl"
            >
              Choose the plan that fits your work
            </h1>
            <p className="mt-4 text-pretty text-lg text-muted-foreground">
              Every plan includes all {TOOL_COUNT_WORD} tools and a history for each. Pay monthly, or yearly
              and save.
            </p>
          </div>
          {currentPlan === 'free' ? (
            <p
              data-testid="current-plan-free"
              className="mx-auto mt-6 w-fit rounded-full border border-border bg-muted/50 px-4 py-1.5 text-muted-foreground text-sm"
            >
              You are on the <span className="font-semibold text-foreground">Free plan</span>. Choose a plan
              below for more generations.
            </p>
          ) : null}
          {subscription && currentPlan ? (
            <div
              data-testid="managed-subscription"
              className="mx-auto mt-6 flex w-fit flex-wrap items-center justify-center gap-x-4 gap-y-2 rounded-2xl border border-border bg-muted/50 px-4 py-2 text-muted-foreground text-sm"
            >
              <span>
                {currentPlan === 'free' ? (
                  'Your subscription has ended.'
                ) : (
                  <>
                    Your <span className="font-semibold text-foreground">{planName(currentPlan)}</span> plan{' '}
                    {subscription.cancelAtPeriodEnd ? 'ends' : 'renews'} on{' '}
                    {dateFormat.format(new Date(subscription.periodEnd))}.
                  </>
                )}
              </span>
              <Button variant="outline" size="compact" onClick={onManage} disabled={pending === 'portal'}>
                {pending === 'portal' ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
                Manage subscription
              </Button>
            </div>
          ) : null}
          <div className="mt-10">
            <BillingToggle value={period} onChange={setPeriod} />
          </div>
          <div className="mx-auto mt-12 grid max-w-md grid-cols-1 gap-8 lg:max-w-none lg:grid-cols-3">
            {PLANS.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                period={period}
                current={plan.id === currentPlan}
                onChoose={onChoose ? (chosen) => onChoose(chosen, period) : undefined}
                pending={pending === plan.id}
              />
            ))}
          </div>
          <FreePlanNote generationsPerMonth={freeGenerationsPerMonth} />
          <p className="mt-6 text-center text-muted-foreground text-sm">
            Prices are in US dollars, excluding applicable taxes.
            {billingEnabled
              ? ' Payments are handled by Stripe; cancel any time and keep your plan to the end of the period you paid for.'
              : null}
          </p>
        </div>
      </section>
    </>
  );
}

/**
 * Under the cards: what a free account gets, and what counts as a generation. The number is the
 * server's (FREE_GENERATIONS_PER_MONTH), so the prerendered page, which cannot know it, says it in words.
 */
function FreePlanNote({ generationsPerMonth }: { generationsPerMonth: number | null }) {
  return (
    <section
      aria-labelledby="free-plan-title"
      className="mx-auto mt-12 max-w-3xl rounded-2xl border border-border bg-muted/40 px-5 py-4 text-center text-sm"
    >
      <h2 id="free-plan-title" className="font-semibold text-base">
        Free to start
      </h2>
      <p className="mt-1 text-pretty text-muted-foreground" data-testid="free-plan-note">
        A free account gets{' '}
        {generationsPerMonth === null ? (
          'a number of generations'
        ) : (
          <span className="font-semibold text-foreground">{counted(generationsPerMonth, 'generation')}</span>
        )}{' '}
        a month with every tool, no card needed. Each answer counts as one generation: a new request, a
        regenerated answer and a follow-up in a chat alike.
      </p>
    </section>
  );
}
