import { PageMeta } from '#web/components/page-meta.tsx';
import { LANDING_HEAD } from '#web/features/landing/content/landing-head.ts';
import { AudienceSection } from './audience-section.tsx';
import { DeferredSections } from './deferred-sections.tsx';
import { FaqSection } from './faq-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { LazyToolsShowcase } from './lazy-tools-showcase.tsx';
import { PartnerStrip } from './partner-strip.tsx';
import { RoadmapNote } from './roadmap-note.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';
import { ToolsGrid } from './tools-grid.tsx';
import { WhyChooseSection } from './why-choose-section.tsx';

export function LandingPage() {
  return (
    <>
      <PageMeta {...LANDING_HEAD} />
      <HeroSection />
      <PartnerStrip />
      <ToolsGrid />
      <DeferredSections>
        <WhyChooseSection />
        <AudienceSection />
        <LazyToolsShowcase />
        <TestimonialsSection />
        <FaqSection />
        <RoadmapNote />
      </DeferredSections>
    </>
  );
}
