import {
  Code2,
  FileText,
  type LucideIcon,
  type LucideProps,
  Mail,
  NotebookPen,
  ScrollText,
  Wand2,
} from 'lucide-react';
import { TOOLS, type ToolIconName, type ToolSlug } from '#shared/tools';

/** The component for each icon name a catalogue entry may use. */
const ICONS: Record<ToolIconName, LucideIcon> = {
  code: Code2,
  'scroll-text': ScrollText,
  wand: Wand2,
  'notebook-pen': NotebookPen,
  mail: Mail,
  'file-text': FileText,
};

/** A tool's icon, as its catalogue entry names it: the landing cards, the header's menus and the tool sidebar. */
export function ToolIcon({ slug, ...props }: { slug: ToolSlug } & LucideProps) {
  const Icon = ICONS[TOOLS[slug].icon];
  return <Icon aria-hidden="true" {...props} />;
}
