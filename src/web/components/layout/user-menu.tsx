import { LogOut, ShieldCheck, UserRound, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { DEFAULT_AVATAR, type User } from '#shared/user';
import { DisclosureDropdown, dropdownItemClass } from './disclosure-dropdown.tsx';

interface UserMenuProps {
  user: User;
  onSignOut: () => void;
}

/** docs/product.md §2: clicking the profile picture toggles a Sign Out button. */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  return (
    <DisclosureDropdown
      align="end"
      trigger={<UserAvatar user={user} className="size-9" />}
      triggerLabel={`Account menu for ${user.displayName}`}
      triggerClassName="block rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      panelClassName="w-60"
    >
      <div className="flex items-center gap-3 px-3 py-2">
        <UserAvatar user={user} className="size-9" />
        <div className="min-w-0">
          <p className="truncate font-medium text-sm">{user.displayName}</p>
          {user.email ? <p className="truncate text-muted-foreground text-xs">{user.email}</p> : null}
        </div>
      </div>
      <div className="my-1 h-px bg-border" />
      {user.admin === true ? (
        <Link to="/admin" className={dropdownItemClass()}>
          <ShieldCheck className="size-4 text-muted-foreground" aria-hidden />
          Administration
        </Link>
      ) : null}
      <Link to="/account" className={dropdownItemClass()}>
        <UserRound className="size-4 text-muted-foreground" aria-hidden />
        Account
      </Link>
      <Link to="/team" className={dropdownItemClass()}>
        <UsersRound className="size-4 text-muted-foreground" aria-hidden />
        Team
      </Link>
      <button type="button" onClick={onSignOut} className={`${dropdownItemClass()} w-full text-destructive`}>
        <LogOut className="size-4" aria-hidden />
        Sign Out
      </button>
    </DisclosureDropdown>
  );
}

export function UserAvatar({ user, className }: { user: User; className?: string }) {
  return (
    <img
      src={user.photoURL || DEFAULT_AVATAR}
      alt=""
      referrerPolicy="no-referrer"
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR)) event.currentTarget.src = DEFAULT_AVATAR;
      }}
      className={`${className ?? ''} shrink-0 rounded-full bg-muted object-cover ring-1 ring-border`}
    />
  );
}
