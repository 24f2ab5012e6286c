import { UserRound } from 'lucide-react';
import type { User } from '#shared/user';
import { PageHeader } from '#web/components/page-header.tsx';
import { PageMeta } from '#web/components/page-meta.tsx';
import { ApiKeysSection } from './api-keys-section.tsx';
import { DataSection } from './data-section.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { ReauthenticationProvider } from './reauthentication-provider.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { SignInMethodsSection } from './sign-in-methods-section.tsx';

export interface AccountPageProps {
  /** The signed-in user (the auth store's). */
  user: User;
  /** Called after a change to the user's profile, to read it again (header, sidebar). */
  onUserChanged: () => Promise<void> | void;
  /** Called when this browser's session was replaced (a password change): a new access token is needed. */
  onSessionReplaced: () => Promise<void> | void;
  /** Called once the account is deleted: the local session ends. */
  onAccountDeleted: () => Promise<void> | void;
}

/**
 * /account: what a signed-in user manages themselves, one card per section (SectionCard) in a
 * single column. A section is a component of this folder taking what it needs of these props: one line.
 */
export function AccountPage({ user, onUserChanged, onSessionReplaced, onAccountDeleted }: AccountPageProps) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <PageMeta
        title="Account"
        description="Your profile, password, sessions, sign-in methods, API keys and data on Draftsmith."
      />
      <PageHeader
        icon={UserRound}
        title="Account"
        lead="Your profile, password, sessions, sign-in methods, API keys and data."
      />
      {/* Adding a way in asks a session signed in a while ago to confirm it's you (one dialog for all). */}
      <ReauthenticationProvider>
        <ProfileSection user={user} onUserChanged={onUserChanged} />
        <PasswordSection onSessionReplaced={onSessionReplaced} />
        <SessionsSection />
        <SignInMethodsSection user={user} />
        <PasskeysSection />
        <ApiKeysSection />
        <DataSection user={user} onAccountDeleted={onAccountDeleted} />
      </ReauthenticationProvider>
    </div>
  );
}
