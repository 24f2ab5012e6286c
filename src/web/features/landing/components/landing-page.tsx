import { PageMeta } from '#web/components/page-meta.tsx';
import { LANDING_HEAD } from '#web/features/landing/content/landing-head.ts';
import { AudienceSection } from './audience-section.tsx';
import { DeferredSections } from './deferred-sections.tsx';
import { FaqSection } from './faq-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { LazyServicesShowcase } from './lazy-services-showcase.tsx';
import { PartnerStrip } from './partner-strip.tsx';
import { RoadmapNote } from './roadmap-note.tsx';
import { ServicesGrid } from './services-grid.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';
import { WhyChooseSection } from './why-choose-section.tsx';

export function LandingPage() {
  return (
    <>
      <PageMeta {...LANDING_HEAD} />
      <HeroSection />
      <PartnerStrip />
      <ServicesGrid />
      <DeferredSections>
        <WhyChooseSection />
        <AudienceSection />
        <LazyServicesShowcase />
        <TestimonialsSection />
        <FaqSection />
        <RoadmapNote />
      </DeferredSections>
    </>
  );
}
