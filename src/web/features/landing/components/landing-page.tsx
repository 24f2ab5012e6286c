import { PageMeta } from '@/components/page-meta';
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

const DESCRIPTION =
  'Draftsmith is a self-hostable AI assistant for developers and writers: explain and refactor code, generate articles, summarize documents, draft e-mails and tailor resumes — with a local model or any provider.';
const OG_IMAGE = '/images/landing/og-image.jpg';

export function LandingPage() {
  const origin = window.location.origin;
  return (
    <>
      <PageMeta title="Home" description={DESCRIPTION} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="Draftsmith" />
      <meta property="og:title" content="Draftsmith — AI Assistant for Developers & Writers" />
      <meta property="og:description" content={DESCRIPTION} />
      <meta property="og:url" content={`${origin}/`} />
      <meta property="og:image" content={`${origin}${OG_IMAGE}`} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:image:alt" content="Draftsmith: AI Assistant for Developers & Writers" />
      <meta name="twitter:card" content="summary_large_image" />
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
