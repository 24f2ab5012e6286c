import { SERVICES, type ServiceSlug } from '#shared/services';

/** A landing-page service card (docs/product.md §3 Service card), derived from the shared services catalogue. */
export interface ServiceCard {
  slug: ServiceSlug;
  title: string;
  desc: string;
  path: string;
  cta: string;
}

export const SERVICE_CARDS: readonly ServiceCard[] = SERVICES.map((service) => ({
  slug: service.slug,
  title: service.name,
  desc: service.description,
  path: service.path,
  cta: `Open ${service.name}`,
}));
