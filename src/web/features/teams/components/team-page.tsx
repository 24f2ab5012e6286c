import { UsersRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { User } from '#shared/user';
import { PageHeader } from '#web/components/page-header.tsx';
import { PageMeta } from '#web/components/page-meta.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useTeam } from '#web/features/teams/api/get-team.ts';
import { useSwitchWorkspace } from '#web/features/teams/hooks/use-switch-workspace.ts';
import { managesTeam, roleLabel } from '#web/features/teams/lib/team-types.ts';
import { notify } from '#web/lib/notify.ts';
import { InvitationsSection } from './invitations-section.tsx';
import { LeaveTeamSection } from './leave-team-section.tsx';
import { LoadingPlaceholder } from './loading-placeholder.tsx';
import { MembersSection } from './members-section.tsx';
import { PersonalWorkspace } from './personal-workspace.tsx';
import { SharedChatsSection } from './shared-chats-section.tsx';
import { TeamPlanSection } from './team-plan-section.tsx';
import { UsageSection } from './usage-section.tsx';

export interface TeamPageProps {
  /** The signed-in user (the auth store's): `workspace` is the team the page shows. */
  user: User;
  /** After the session's active team changed: a new access token and the profile read again. */
  onWorkspaceChanged: () => Promise<void>;
}

/**
 * /team: the active team's name and the user's role, its members, invitations, plan and subscription,
 * and usage (those four for owners and admins), the chats shared with it, and Leave. In the personal workspace it offers
 * the user's teams and 'Create a team'.
 */
export function TeamPage({ user, onWorkspaceChanged }: TeamPageProps) {
  const workspace = user.workspace ?? null;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <PageMeta
        title="Team"
        description="Your team on Draftsmith: members, invitations, usage and shared chats."
      />
      {workspace ? (
        <ActiveTeam
          key={workspace.organizationId}
          user={user}
          teamId={workspace.organizationId}
          onWorkspaceChanged={onWorkspaceChanged}
        />
      ) : (
        <>
          <PageHeader icon={UsersRound} title="Team" lead="You are working in your personal workspace." />
          <PersonalWorkspace onWorkspaceChanged={onWorkspaceChanged} />
        </>
      )}
    </div>
  );
}

function ActiveTeam({ user, teamId, onWorkspaceChanged }: TeamPageProps & { teamId: string }) {
  const team = useTeam(teamId);
  const navigate = useNavigate();
  const switcher = useSwitchWorkspace(onWorkspaceChanged);
  const workspace = user.workspace;
  const name = team.data?.name ?? workspace?.name ?? 'Team';
  // The membership's role (get-full-organization) is the freshest; the token's workspace otherwise.
  const role = team.data?.members.find((m) => m.userId === user.uid)?.role ?? workspace?.role ?? 'member';
  const myRole = role === 'owner' || role === 'admin' ? role : 'member';
  const manages = managesTeam(myRole);

  return (
    <>
      <PageHeader
        icon={UsersRound}
        title={name}
        lead={
          <>
            Your role: <span className="font-medium text-foreground">{roleLabel(myRole)}</span>
          </>
        }
      />
      {team.isPending ? (
        <LoadingPlaceholder label="Loading the team…" className="gap-4">
          <Skeleton shape="card" className="h-48 w-full" />
          <Skeleton shape="card" className="h-32 w-full" />
        </LoadingPlaceholder>
      ) : team.isError ? (
        <p
          role="alert"
          className="rounded-xl border border-destructive/30 bg-destructive/10 px-4 py-3 text-destructive text-sm"
        >
          {team.error.message}
        </p>
      ) : (
        <>
          <MembersSection
            teamId={teamId}
            teamName={team.data.name}
            members={team.data.members}
            currentUid={user.uid}
            viewerRole={myRole}
          />
          {manages ? <InvitationsSection teamId={teamId} invitations={team.data.invitations} /> : null}
          {manages ? <TeamPlanSection teamId={teamId} members={team.data.members.length} /> : null}
          {manages ? <UsageSection teamId={teamId} /> : null}
        </>
      )}
      <SharedChatsSection teamId={teamId} />
      <LeaveTeamSection
        teamId={teamId}
        teamName={name}
        onLeft={async () => {
          await switcher.mutateAsync(null);
          notify.success(`You left ${name}. You are back in your personal workspace.`);
          navigate('/team', { replace: true });
        }}
      />
    </>
  );
}
