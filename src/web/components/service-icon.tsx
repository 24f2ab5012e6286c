import { Code2, FileText, type LucideProps, Mail, NotebookPen, ScrollText, Wand2 } from 'lucide-react';
import type { ServiceSlug } from '#shared/services';

/** The one icon per service: the landing cards, the header's menus and the service sidebar. */
const ICONS: Record<ServiceSlug, typeof Code2> = {
  'code-explainer': Code2,
  'doc-summarizer': ScrollText,
  'code-refactor': Wand2,
  'article-generator': NotebookPen,
  'email-helper': Mail,
  'resume-assistant': FileText,
};

export function ServiceIcon({ slug, ...props }: { slug: ServiceSlug } & LucideProps) {
  const Icon = ICONS[slug];
  return <Icon aria-hidden="true" {...props} />;
}
