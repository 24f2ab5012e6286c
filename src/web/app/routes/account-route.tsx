import { useParams } from 'react-router';
import type { User } from '#shared/user';
import { QueryProvider } from '#web/app/query-provider.tsx';
import type { WorkspacePlacement } from '#web/components/layout/header.tsx';
import { AccountPage } from '#web/features/account/components/account-page.tsx';
import { createAccessToken } from '#web/features/auth/api/create-access-token.ts';
import { authStore, useAuth } from '#web/features/auth/lib/auth-store.ts';
import { InvitationPage } from '#web/features/teams/components/invitation-page.tsx';
import { TeamPage } from '#web/features/teams/components/team-page.tsx';
import { WorkspaceSwitcher } from '#web/features/teams/components/workspace-switcher.tsx';

/**
 * The signed-in user's own pages, one module and so one chunk: /account, the teams' /team and
 * /accept-invitation/:id, and the header's workspace switcher. They share most of their code (the
 * better-auth calls, forms, cards); apart, each shared piece becomes a small chunk of its own, named in
 * the shell's preload lists that every visitor downloads (npm run audit's first-view budget).
 */

/** /account, for the signed-in user (the protected layout sends anyone else to /signin). */
export function AccountRoute() {
  const { state } = useAuth();
  if (state.status !== 'signed-in') return null;
  const { user } = state;
  return (
    <AccountPage
      user={user}
      onUserChanged={() => authStore.reloadUser()}
      // A password change ends every session, this one too, and starts a new one: its token follows.
      onSessionReplaced={async () => {
        await createAccessToken(user.email);
      }}
      onAccountDeleted={() => authStore.signOut()}
    />
  );
}

/**
 * After the session's active team changed (a workspace chosen, an invitation accepted, a team left):
 * a new access token, which carries the workspace, then the profile read again with it.
 */
async function refreshWorkspace(): Promise<void> {
  const { user } = authStore.getState();
  if (!user) return;
  await createAccessToken(user.email);
  await authStore.reloadUser();
}

/** Another tab changed the workspace: its token is already in storage; the profile follows it. */
const reloadProfile = () => authStore.reloadUser();

interface WorkspaceControlProps {
  user: User;
  placement: WorkspacePlacement;
  onDone?: () => void;
}

/**
 * The header's workspace switcher, loaded once someone is signed in (account-header.tsx). It reads the
 * teams through the query cache, which the public pages do not provide themselves.
 */
export function WorkspaceControl({ user, placement, onDone }: WorkspaceControlProps) {
  return (
    <QueryProvider>
      <WorkspaceSwitcher
        user={user}
        placement={placement}
        onDone={onDone}
        onWorkspaceChanged={refreshWorkspace}
        onWorkspaceChangedElsewhere={reloadProfile}
      />
    </QueryProvider>
  );
}

/**
 * /team and /accept-invitation/:id, one lazy route (the shell's route table stays short): the invitation
 * page when the path names an invitation, else the team page.
 */
export function TeamsRoute() {
  const { id } = useParams();
  return id === undefined ? <TeamRoute /> : <AcceptInvitationRoute id={id} />;
}

/** /team, for the signed-in user (the protected layout sends anyone else to /signin). */
function TeamRoute() {
  const { state } = useAuth();
  if (state.status !== 'signed-in') return null;
  return <TeamPage user={state.user} onWorkspaceChanged={refreshWorkspace} />;
}

/**
 * /accept-invitation/:id, the team invitation e-mail's link: open to anyone, since a visitor is first
 * asked to sign in or up (and comes back here).
 */
function AcceptInvitationRoute({ id }: { id: string }) {
  const { state } = useAuth();
  return (
    <QueryProvider>
      <InvitationPage invitationId={id} status={state.status} onWorkspaceChanged={refreshWorkspace} />
    </QueryProvider>
  );
}
