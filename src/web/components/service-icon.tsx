import { BookOpenText, BriefcaseBusiness, FileText, Mail, PenLine, Sparkles, Wand2 } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import type { ServiceSlug } from '../../../shared/services.ts';

const ICONS: Record<ServiceSlug, ComponentType<SVGProps<SVGSVGElement>>> = {
  'code-explainer': BookOpenText,
  'doc-summarizer': FileText,
  'code-refactor': Wand2,
  'article-generator': PenLine,
  'email-helper': Mail,
  'resume-assistant': BriefcaseBusiness,
};

export function ServiceIcon({ slug, className }: { slug: string; className?: string }) {
  const Icon = ICONS[slug as ServiceSlug] ?? Sparkles;
  return <Icon className={className} aria-hidden />;
}
