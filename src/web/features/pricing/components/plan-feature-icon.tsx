import {
  Headset,
  History,
  Infinity as InfinityIcon,
  type LucideIcon,
  type LucideProps,
  Server,
  ShieldCheck,
  Sparkles,
  Users,
  Zap,
} from 'lucide-react';
import type { PlanFeatureIcon as IconKey } from '#shared/plans';

const ICONS: Record<IconKey, LucideIcon> = {
  sparkles: Sparkles,
  infinity: InfinityIcon,
  history: History,
  server: Server,
  users: Users,
  shield: ShieldCheck,
  zap: Zap,
  headset: Headset,
};

export function PlanFeatureIcon({ icon, ...props }: { icon: IconKey } & LucideProps) {
  const Icon = ICONS[icon];
  return <Icon aria-hidden="true" {...props} />;
}
