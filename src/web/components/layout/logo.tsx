import { Link } from 'react-router';
import { cn } from '#web/lib/cn.ts';

export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn(
        'flex w-fit shrink-0 items-center gap-2 rounded-lg font-semibold text-lg tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span>Draftsmith</span>
    </Link>
  );
}
