import { useLocation } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { formatServiceName, serviceTagline } from '../../../../shared/services.ts';

/**
 * Placeholder tool screen until the tools land: the service name from the second path segment and
 * its tagline (spec §1, §2).
 */
export function ServicePage() {
  const segment = useLocation().pathname.split('/')[2];
  const name = formatServiceName(segment);
  const tagline = serviceTagline(segment);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6 sm:py-24" aria-labelledby="service-title">
      <PageMeta title={name} description={tagline} />
      <p className="font-semibold text-primary text-sm uppercase tracking-wider">AI assistant</p>
      <h1 id="service-title" className="mt-2 font-semibold text-3xl tracking-tight sm:text-4xl">
        {name}
      </h1>
      <p className="mt-3 text-lg text-muted-foreground">{tagline}</p>
    </section>
  );
}
