import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import type { AdminUser } from '#shared/admin';
import { type PlanId, planName } from '#shared/plans';
import { Button } from '#web/components/ui/button.tsx';
import { useSetAccountStatus } from '#web/features/admin/api/set-account-status.ts';
import { useSetUserPlan } from '#web/features/admin/api/set-user-plan.ts';
import { formatCreated, generationsThisMonth } from '#web/features/admin/lib/admin-format.ts';
import { cn } from '#web/lib/cn.ts';
import { notify } from '#web/lib/notify.ts';
import { Badge } from './badge.tsx';
import { DisableAccountDialog } from './disable-account-dialog.tsx';
import { PlanSelect } from './plan-select.tsx';

interface UserRowProps {
  user: AdminUser;
  /** The row of the signed-in administrator: no Disable button. */
  self: boolean;
  /** Called after the signed-in administrator's own account changed (their plan). */
  onOwnAccountChanged: () => void;
}

export const cellClass = 'px-4 py-3 align-middle';

/** One account: its plan (editable), this month's generations, creation date, status and Disable/Enable. */
export function UserRow({ user, self, onOwnAccountChanged }: UserRowProps) {
  const setPlan = useSetUserPlan();
  const setStatus = useSetAccountStatus();
  const [confirming, setConfirming] = useState(false);
  const disabled = user.status === 'disabled';

  const changePlan = (plan: PlanId) =>
    setPlan.mutate(
      { uid: user.uid, plan },
      {
        onSuccess: (saved) => {
          notify.success(`${saved.displayName} is now on the ${planName(saved.plan)} plan.`);
          if (self) onOwnAccountChanged();
        },
        onError: (error) =>
          notify.error(`Could not change the plan of ${user.displayName}.`, { description: error.message }),
      },
    );

  const changeStatus = (status: AdminUser['status']) =>
    setStatus.mutate(
      { uid: user.uid, status },
      {
        onSuccess: (saved) => {
          setConfirming(false);
          notify.success(
            saved.status === 'disabled'
              ? `${saved.displayName}'s account is disabled.`
              : `${saved.displayName}'s account is enabled again.`,
          );
        },
        onError: (error) => {
          setConfirming(false);
          notify.error(
            status === 'disabled'
              ? `Could not disable ${user.displayName}'s account.`
              : `Could not enable ${user.displayName}'s account.`,
            { description: error.message },
          );
        },
      },
    );

  return (
    <tr data-testid="admin-user-row" data-uid={user.uid} className="group border-border border-t">
      <th
        scope="row"
        className={cn(
          cellClass,
          'sticky left-0 z-[1] bg-card text-left font-normal transition-colors group-hover:bg-muted/60',
        )}
      >
        <div className="flex items-center gap-3">
          <span
            aria-hidden
            className={cn(
              'grid size-8 shrink-0 place-items-center rounded-full font-semibold text-xs uppercase',
              disabled ? 'bg-muted text-muted-foreground' : 'bg-accent text-primary',
            )}
          >
            {initials(user.displayName)}
          </span>
          <div className="min-w-0">
            <p
              title={user.displayName}
              className={cn('max-w-32 truncate font-medium sm:max-w-44', disabled && 'text-muted-foreground')}
            >
              {user.displayName}
              {self ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
            </p>
            {user.admin && !self ? (
              <p className="mt-0.5">
                <Badge tone="primary">Admin</Badge>
              </p>
            ) : null}
          </div>
        </div>
      </th>
      <td className={cn(cellClass, 'text-muted-foreground')}>
        <div className="max-w-52 truncate" title={user.email}>
          {user.email}
        </div>
      </td>
      <td className={cellClass}>
        <PlanSelect
          value={user.plan}
          pending={setPlan.isPending ? setPlan.variables.plan : null}
          label={`Plan for ${user.displayName}`}
          onChange={changePlan}
        />
      </td>
      <td className={cn(cellClass, 'whitespace-nowrap tabular-nums')}>{generationsThisMonth(user.usage)}</td>
      <td className={cn(cellClass, 'whitespace-nowrap text-muted-foreground')}>
        <time dateTime={user.createdAt}>{formatCreated(user.createdAt)}</time>
      </td>
      <td className={cellClass}>
        {disabled ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>}
      </td>
      <td className={cn(cellClass, 'w-px whitespace-nowrap text-right')}>
        {self ? (
          <Badge tone="primary" title="Your own account cannot be disabled here">
            Admin
          </Badge>
        ) : disabled ? (
          <Button
            variant="outline"
            size="sm"
            disabled={setStatus.isPending}
            aria-label={`Enable ${user.displayName}`}
            onClick={() => changeStatus('active')}
          >
            {setStatus.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            Enable
          </Button>
        ) : (
          <>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Disable ${user.displayName}`}
              onClick={() => setConfirming(true)}
              className="text-destructive"
            >
              Disable
            </Button>
            <DisableAccountDialog
              open={confirming}
              onOpenChange={(open) => !setStatus.isPending && setConfirming(open)}
              name={user.displayName}
              email={user.email}
              pending={setStatus.isPending}
              onConfirm={() => changeStatus('disabled')}
            />
          </>
        )}
      </td>
    </tr>
  );
}

/** Up to two initials of a display name ('Ada Lovelace' → 'AL'). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters.map((word) => [...(word ?? '')][0] ?? '').join('') || '?';
}
