import { Crown, UserRound, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { cutDisplayName } from '#shared/text';
import { type GenerationUsage, isPremium, type User } from '#shared/user';
import { UserAvatar } from '#web/components/layout/user-menu.tsx';
import { renewalDate } from '#web/lib/allowance.ts';

export interface SidebarUserState {
  /** The auth store's user (the session's fallback when the profile could not be loaded). */
  user: User;
  /** The profile call failed. */
  error: boolean;
}

/** 'N of M generations this month', or 'Unlimited generations' for a plan without a limit. */
export function usageLabel(usage: GenerationUsage): string {
  return usage.limit === null
    ? 'Unlimited generations'
    : `${usage.used} of ${usage.limit} generations this month`;
}

/** When a limited plan's count starts again ('Renews on December 1, 2026'); null for an unlimited plan. */
export function renewalLabel(usage: GenerationUsage, timeZone?: string): string | null {
  const date = usage.limit === null ? '' : renewalDate(usage.periodEnd, timeZone);
  return date ? `Renews on ${date}` : null;
}

/** The workspace the user works in, on a line of its own so that it never narrows the name. */
function WorkspaceLine({ user }: { user: User }) {
  const Icon = user.workspace ? UsersRound : UserRound;
  return (
    <p
      className="flex min-w-0 items-center gap-1 text-muted-foreground text-xs"
      data-testid="sidebar-workspace"
    >
      <Icon className="size-3 shrink-0" aria-hidden />
      <span className="sr-only">Workspace: </span>
      <span className="truncate" title={user.workspace?.name}>
        {user.workspace ? user.workspace.name : 'Personal workspace'}
      </span>
    </p>
  );
}

/**
 * Display name (cut at 20), the plan and its usage this month with the day it renews, Upgrade
 * (docs/product.md §2) and the workspace.
 */
export function SidebarUserBlock({ user, error }: SidebarUserState) {
  if (error) {
    return (
      <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-destructive text-sm">
        Error fetching user data
      </p>
    );
  }
  const premium = isPremium(user);
  // The name has the block's whole width beside the avatar, so a name the spec shows whole (under 20
  // characters) is not cut again by CSS; Upgrade sits on the plan's line (docs/product.md §2).
  return (
    <div className="flex items-start gap-3">
      <UserAvatar user={user} className="mt-0.5 size-9" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="truncate font-medium text-sm" title={user.displayName} data-testid="sidebar-user-name">
          {cutDisplayName(user.displayName)}
        </p>
        <div className="flex items-center justify-between gap-2">
          <p className="text-muted-foreground text-xs">{premium ? 'Premium' : 'Free Plan'}</p>
          <Link
            to="/subscription"
            className="inline-flex h-6 shrink-0 items-center gap-1 rounded-md bg-primary/10 px-2 font-medium text-primary text-xs transition-colors hover:bg-primary/15 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Crown className="size-3" aria-hidden />
            Upgrade
          </Link>
        </div>
        {user.usage ? (
          <p className="truncate text-muted-foreground text-xs" data-testid="sidebar-usage">
            {usageLabel(user.usage)}
          </p>
        ) : null}
        {user.usage && renewalLabel(user.usage) ? (
          <p className="truncate text-muted-foreground text-xs" data-testid="sidebar-renewal">
            {renewalLabel(user.usage)}
          </p>
        ) : null}
        <WorkspaceLine user={user} />
      </div>
    </div>
  );
}
