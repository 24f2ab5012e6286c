import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type BillingPeriod, planName } from '#shared/plans';
import { SectionCard } from '#web/components/section-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { useTeamUsage } from '#web/features/teams/api/get-team-usage.ts';
import { openBillingPortal, type SoldPlan, startCheckout } from '#web/lib/billing-calls.ts';
import { notify } from '#web/lib/notify.ts';
import { counted } from '#web/lib/plural.ts';
import { teamKeys } from '#web/lib/query-keys.ts';
import { useServerConfig } from '#web/lib/server-config.ts';

/** The plans a team may buy, richest first: Enterprise is sold per seat to teams. */
const TEAM_PLANS: readonly SoldPlan[] = ['enterprise', 'pro', 'starter'];
const PERIODS: readonly BillingPeriod[] = ['monthly', 'yearly'];

/** Off to a Stripe page. */
const goTo = (url: string) => window.location.assign(url);
const failed = (error: unknown, title: string) =>
  notify.error(title, { description: error instanceof Error ? error.message : 'Please try again.' });

/**
 * For owners and admins: the team's plan and seats, and how to change them. A team subscribes online
 * when the server sells plans (Stripe: a seat per member at least, the seats changed later in the
 * portal); otherwise an administrator assigns its plan. Reads `?plan=…&period=…` (the pricing page's
 * Enterprise) to preselect, and `?checkout=success|cancelled` on the way back from Stripe.
 */
export function TeamPlanSection({ teamId, members }: { teamId: string; members: number }) {
  const usage = useTeamUsage(teamId, true);
  const billing = useServerConfig().data?.billing;
  const offered = (plan: SoldPlan, period: BillingPeriod) =>
    billing?.enabled === true && billing.offers[plan]?.[period] === true;
  const plans = TEAM_PLANS.filter((plan) => PERIODS.some((period) => offered(plan, period)));
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const requested = new URLSearchParams(location.search);
  const [plan, setPlan] = useState<SoldPlan | null>(null);
  const [period, setPeriod] = useState<BillingPeriod>(
    requested.get('period') === 'yearly' ? 'yearly' : 'monthly',
  );
  const [seats, setSeats] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const ids = useId();

  const wanted = requested.get('plan');
  const chosen: SoldPlan | undefined = plan ?? plans.find((p) => p === wanted) ?? plans[0] ?? undefined;
  const periods = chosen ? PERIODS.filter((p) => offered(chosen, p)) : [];
  const chosenPeriod = periods.includes(period) ? period : periods[0];
  const seatCount = Math.max(seats ?? members, members, 1);

  // Back from Stripe: say so, and read the plan again until its event has arrived.
  const handled = useRef(false);
  const outcome = requested.get('checkout');
  useEffect(() => {
    if (handled.current || !outcome) return;
    handled.current = true;
    navigate({ pathname: location.pathname, search: '' }, { replace: true });
    if (outcome === 'cancelled') {
      notify.info('Checkout cancelled', { description: 'Nothing was charged.' });
      return;
    }
    notify.success('Thank you for subscribing', { description: 'Your team’s plan shows here in a moment.' });
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      void queryClient.invalidateQueries({ queryKey: teamKeys.usage(teamId) });
      if (tries >= 15) clearInterval(timer);
    }, 2000);
    return () => clearInterval(timer);
  }, [outcome, navigate, location.pathname, queryClient, teamId]);

  async function subscribe(event: FormEvent) {
    event.preventDefault();
    if (!chosen || !chosenPeriod) return;
    setPending(true);
    try {
      goTo(await startCheckout(chosen, chosenPeriod, { organizationId: teamId, seats: seatCount }));
    } catch (error) {
      setPending(false);
      failed(error, 'Could not open the checkout');
    }
  }

  async function manage() {
    setPending(true);
    try {
      goTo(await openBillingPortal(teamId));
    } catch (error) {
      setPending(false);
      failed(error, 'Could not open the subscription settings');
    }
  }

  const current = usage.data;
  const hasPlan = current !== undefined && current.plan !== 'free';
  return (
    <SectionCard
      id="plan"
      title="Plan"
      icon={CreditCard}
      description={
        current === undefined
          ? 'The plan that counts the team’s generations.'
          : hasPlan
            ? `${planName(current.plan)} plan, ${counted(current.seats, 'seat')}: members’ generations in this workspace count against it.`
            : 'No team plan: each member’s generations count against their own plan.'
      }
      action={
        current?.subscribed ? (
          <Button variant="outline" size="sm" onClick={() => void manage()} disabled={pending}>
            {pending ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : null}
            Manage subscription
          </Button>
        ) : null
      }
    >
      {current?.subscribed ? (
        <div className="grid gap-3">
          {current.members.length > current.seats ? (
            <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-destructive text-sm">
              The team has {counted(current.members.length, 'member')} but {counted(current.seats, 'seat')}:
              until you add seats, each member’s generations count against their own plan.
            </p>
          ) : null}
          <p className="text-muted-foreground text-sm">
            Add seats, change the plan or cancel in the subscription settings (Stripe).
          </p>
        </div>
      ) : hasPlan ? (
        <p className="text-muted-foreground text-sm">Your administrator assigned this plan.</p>
      ) : chosen && chosenPeriod ? (
        <form onSubmit={(event) => void subscribe(event)} className="grid gap-4 sm:grid-cols-3 sm:items-end">
          <label className="grid gap-1.5 text-sm" htmlFor={`${ids}-plan`}>
            <span className="font-medium">Plan</span>
            <NativeSelect
              id={`${ids}-plan`}
              value={chosen}
              onChange={(event) => setPlan(event.target.value as SoldPlan)}
              disabled={pending}
            >
              {plans.map((p) => (
                <option key={p} value={p}>
                  {planName(p)}
                </option>
              ))}
            </NativeSelect>
          </label>
          <label className="grid gap-1.5 text-sm" htmlFor={`${ids}-period`}>
            <span className="font-medium">Billing</span>
            <NativeSelect
              id={`${ids}-period`}
              value={chosenPeriod}
              onChange={(event) => setPeriod(event.target.value as BillingPeriod)}
              disabled={pending}
            >
              {periods.map((p) => (
                <option key={p} value={p}>
                  {p === 'monthly' ? 'Monthly' : 'Yearly'}
                </option>
              ))}
            </NativeSelect>
          </label>
          <label className="grid gap-1.5 text-sm" htmlFor={`${ids}-seats`}>
            <span className="font-medium">Seats</span>
            <input
              id={`${ids}-seats`}
              type="number"
              inputMode="numeric"
              min={members}
              max={10_000}
              value={seatCount}
              onChange={(event) => setSeats(Number(event.target.value) || members)}
              disabled={pending}
              aria-describedby={`${ids}-seats-hint`}
              className="h-9 w-full rounded-lg border border-border bg-background px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/30"
            />
          </label>
          <p id={`${ids}-seats-hint`} className="text-muted-foreground text-xs sm:col-span-2">
            One seat per member at least ({members} now); a team takes in as many members as it has seats.
          </p>
          <Button type="submit" disabled={pending} className="sm:justify-self-end">
            {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            Subscribe the team
          </Button>
        </form>
      ) : (
        <p className="text-muted-foreground text-sm">
          {billing?.salesEmail ? (
            <>
              Plans for teams are arranged by e-mail:{' '}
              <a
                className="font-medium text-primary underline-offset-4 hover:underline"
                href={`mailto:${billing.salesEmail}?subject=${encodeURIComponent('Draftsmith Enterprise')}`}
              >
                {billing.salesEmail}
              </a>
              .
            </>
          ) : (
            'Online payment is not set up on this server: ask your administrator to give the team a plan.'
          )}
        </p>
      )}
    </SectionCard>
  );
}
