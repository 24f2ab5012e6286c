import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { cutDisplayName } from '#shared/text';
import { type GenerationUsage, isPremium, type User } from '#shared/user';
import { UserAvatar } from '#web/components/layout/user-menu.tsx';

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

/** Display name (cut at 20), the plan and its usage this month, and Upgrade (docs/product.md §2). */
export function SidebarUserBlock({ user, error }: SidebarUserState) {
  if (error) {
    return (
      <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-destructive text-sm">
        Error fetching user data
      </p>
    );
  }
  const premium = isPremium(user);
  return (
    <div className="flex items-center gap-3">
      <UserAvatar user={user} className="size-9" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-sm" title={user.displayName} data-testid="sidebar-user-name">
          {cutDisplayName(user.displayName)}
        </p>
        <p className="text-muted-foreground text-xs">{premium ? 'Premium' : 'Free Plan'}</p>
        {user.usage ? (
          <p className="truncate text-muted-foreground text-xs" data-testid="sidebar-usage">
            {usageLabel(user.usage)}
          </p>
        ) : null}
      </div>
      <Link
        to="/subscription"
        className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg bg-primary/10 px-2.5 font-medium text-primary text-xs transition-colors hover:bg-primary/15 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Crown className="size-3.5" aria-hidden />
        Upgrade
      </Link>
    </div>
  );
}
