import { LogOut } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { DEFAULT_AVATAR, type User } from '../../../shared/user.ts';
import { dropdownItemClass } from './hover-dropdown';

interface UserMenuProps {
  user: User;
  onSignOut: () => void;
}

/** Spec §2: clicking the profile picture toggles a Sign Out button. */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${user.displayName}`}
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        <UserAvatar user={user} className="size-9" />
      </DropdownMenu.Trigger>
      {/* Rendered in place (no portal) so the menu stays inside the header landmark. */}
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        className="z-50 w-60 rounded-xl border border-border bg-card p-1.5 text-foreground shadow-black/5 shadow-xl outline-none data-[state=open]:animate-dropdown-in"
      >
        <div className="flex items-center gap-3 px-3 py-2">
          <UserAvatar user={user} className="size-9" />
          <div className="min-w-0">
            <p className="truncate font-medium text-sm">{user.displayName}</p>
            {user.email ? <p className="truncate text-muted-foreground text-xs">{user.email}</p> : null}
          </div>
        </div>
        <DropdownMenu.Separator className="my-1 h-px bg-border" />
        <DropdownMenu.Item onSelect={onSignOut} className={`${dropdownItemClass} text-destructive`}>
          <LogOut className="size-4" aria-hidden />
          Sign Out
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
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
