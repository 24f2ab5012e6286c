/** The look of a Radix dropdown menu's panel and items, shared by every menu of the app's pages. */
export const menuContentClass =
  'z-50 rounded-lg border border-border bg-card p-1 text-foreground shadow-black/10 shadow-lg data-[state=open]:animate-dropdown-in';

export const menuItemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-muted';
