/** Shown while a lazily loaded page's code arrives on first load. */
export function RouteFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status">
      <span className="size-8 animate-spin rounded-full border-2 border-primary border-t-transparent" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
