import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { moreGenerations } from '#web/lib/allowance.ts';
import { cn } from '#web/lib/cn.ts';
import { useServerConfig } from '#web/lib/server-config.ts';

/**
 * Where more generations come from, once a plan's are used up (docs/product.md §2): 'Upgrade' to the
 * pricing page when this server sells plans online, else a line to ask the administrator, naming the
 * sales address when the server has one.
 */
export function MoreGenerations({ className }: { className?: string }) {
  const offer = moreGenerations(useServerConfig().data?.billing);
  if (offer.kind === 'pricing') {
    return (
      <Link
        to="/subscription"
        className={cn(
          'inline-flex h-8 w-fit items-center gap-1.5 rounded-lg bg-primary px-3 font-medium text-primary-foreground text-xs transition-colors hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          className,
        )}
      >
        <Crown className="size-3.5" aria-hidden />
        Upgrade
      </Link>
    );
  }
  return (
    <p className={cn('text-foreground/80', className)}>
      For more, ask your administrator
      {offer.contact ? (
        <>
          {': '}
          <a
            href={`mailto:${offer.contact}`}
            className="font-medium text-primary underline underline-offset-2 hover:no-underline"
          >
            {offer.contact}
          </a>
        </>
      ) : null}
      .
    </p>
  );
}
