import { ShieldCheck } from 'lucide-react';
import { PageHeader } from '#web/components/page-header.tsx';
import { PageMeta } from '#web/components/page-meta.tsx';
import { UsageOverview } from './usage-overview.tsx';
import { UsersSection } from './users-section.tsx';

interface AdminPageProps {
  /** The signed-in administrator's uid: their own row cannot be disabled. */
  currentUid: string;
  /** Called after the administrator changed their own account (their plan), to read it again. */
  onOwnAccountChanged: () => void;
}

/** /admin: accounts and usage at a glance, and every account with its plan and status. */
export function AdminPage({ currentUid, onOwnAccountChanged }: AdminPageProps) {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-10 px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <PageMeta
        title="Administration"
        description="Accounts, plans and usage of this Draftsmith server, for its administrators."
      />
      <PageHeader
        icon={ShieldCheck}
        title="Administration"
        lead="Accounts, plans and usage of this server over the last 30 days."
      />
      <UsageOverview />
      <UsersSection currentUid={currentUid} onOwnAccountChanged={onOwnAccountChanged} />
    </div>
  );
}
