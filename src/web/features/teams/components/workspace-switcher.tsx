import { useQueryClient } from '@tanstack/react-query';
import { Building2, Check, ChevronDown, Loader2, Plus, UserRound, UsersRound } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACCESS_TOKEN_KEY } from '#shared/storage-keys';
import type { User } from '#shared/user';
import { DisclosureDropdown, dropdownItemClass } from '#web/components/layout/disclosure-dropdown.tsx';
import type { WorkspacePlacement } from '#web/components/layout/header.tsx';
import { useTeams } from '#web/features/teams/api/list-teams.ts';
import { useSwitchWorkspace } from '#web/features/teams/hooks/use-switch-workspace.ts';
import type { TeamSummary } from '#web/features/teams/lib/team-types.ts';
import { readableError } from '#web/lib/auth-call.ts';
import { cn } from '#web/lib/cn.ts';
import { notify } from '#web/lib/notify.ts';
import { readTokenWorkspace } from '#web/lib/token-store.ts';
import { CreateTeamDialog } from './create-team-dialog.tsx';

export interface WorkspaceSwitcherProps {
  user: User;
  /** The header's dropdown, or a section of the small-screen menu. */
  placement: WorkspacePlacement;
  /** After a new workspace is active: fetch a new access token and read the profile again. */
  onWorkspaceChanged: () => Promise<void>;
  /** Another tab switched (its new token is already in storage): read the profile again. */
  onWorkspaceChangedElsewhere: () => Promise<void>;
  /** A choice was made (the small-screen menu closes). */
  onDone?: () => void;
}

/** The workspace's name as the switcher shows it: the team's, or 'Personal'. */
export const workspaceName = (user: Pick<User, 'workspace'>) => user.workspace?.name ?? 'Personal';

/**
 * Which workspace the signed-in user works in (docs/product.md, issue 18): Personal or one of their
 * teams. Choosing one makes it the session's active team, fetches a new access token (which carries
 * it) and reads everything again; 'Create a team' opens a dialog and then works in the new team.
 */
export function WorkspaceSwitcher({
  user,
  placement,
  onWorkspaceChanged,
  onWorkspaceChangedElsewhere,
  onDone,
}: WorkspaceSwitcherProps) {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const switcher = useSwitchWorkspace(onWorkspaceChanged);
  const activeId = user.workspace?.organizationId ?? null;
  useOtherTabsWorkspace(activeId, onWorkspaceChangedElsewhere);

  async function choose(team: TeamSummary | null) {
    onDone?.();
    if ((team?.id ?? null) === activeId) return;
    try {
      await switcher.mutateAsync(team?.id ?? null);
      notify.success(
        team ? `You are now working in ${team.name}.` : 'You are now working in your personal workspace.',
      );
    } catch (error) {
      notify.error('Could not switch the workspace', {
        description: readableError(error, 'Please try again.'),
      });
    }
  }

  const createDialog = (
    <CreateTeamDialog
      open={creating}
      onOpenChange={setCreating}
      onCreated={async (team) => {
        await switcher.mutateAsync(team.id);
        onDone?.();
        notify.success(`${team.name} is ready. Invite your colleagues here.`);
        navigate('/team');
      }}
    />
  );

  const entries = (itemClass: string, close?: (returnFocus?: boolean) => void) => (
    <WorkspaceEntries
      activeId={activeId}
      teamActive={user.workspace != null}
      itemClass={itemClass}
      busy={switcher.isPending}
      onChoose={(team) => {
        close?.();
        void choose(team);
      }}
      onTeamPage={() => onDone?.()}
      onCreate={() => {
        close?.(true);
        setCreating(true);
      }}
    />
  );

  if (placement === 'menu') {
    return (
      <section aria-labelledby="menu-workspace-heading" className="mt-4">
        <h2
          id="menu-workspace-heading"
          className="mb-1 px-3 font-semibold text-muted-foreground text-xs uppercase tracking-wider"
        >
          Workspace
        </h2>
        {entries(MENU_ROW_CLASS)}
        {createDialog}
      </section>
    );
  }

  return (
    <>
      <DisclosureDropdown
        align="end"
        trigger={
          <>
            {switcher.isPending ? (
              <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden />
            ) : user.workspace ? (
              <UsersRound className="size-4 shrink-0" aria-hidden />
            ) : (
              <UserRound className="size-4 shrink-0" aria-hidden />
            )}
            <span className="sr-only">Workspace: </span>
            <span className="max-w-36 truncate" data-testid="workspace-current">
              {workspaceName(user)}
            </span>
            <ChevronDown
              className="size-4 shrink-0 transition-transform duration-200 group-data-[state=open]:rotate-180"
              aria-hidden
            />
          </>
        }
        triggerClassName="group inline-flex h-9 max-w-52 items-center gap-1.5 rounded-lg border border-border px-3 font-medium text-sm transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-muted"
        panelClassName="w-64"
      >
        {(close) => (
          <>
            <p className="px-3 pt-1 pb-1.5 font-semibold text-muted-foreground text-xs uppercase tracking-wider">
              Workspaces
            </p>
            {entries(dropdownItemClass(), close)}
          </>
        )}
      </DisclosureDropdown>
      {createDialog}
    </>
  );
}

interface WorkspaceEntriesProps {
  activeId: string | null;
  teamActive: boolean;
  itemClass: string;
  busy: boolean;
  onChoose: (team: TeamSummary | null) => void;
  onTeamPage: () => void;
  onCreate: () => void;
}

/** The list itself: Personal, each team (read when the list is first shown), the team page, Create a team. */
function WorkspaceEntries({
  activeId,
  teamActive,
  itemClass,
  busy,
  onChoose,
  onTeamPage,
  onCreate,
}: WorkspaceEntriesProps) {
  const teams = useTeams();
  return (
    <>
      <ul aria-label="Workspaces" className="grid gap-0.5">
        <WorkspaceEntry
          label="Personal"
          icon={<UserRound className="size-4 shrink-0 text-muted-foreground" aria-hidden />}
          current={activeId === null}
          disabled={busy}
          className={itemClass}
          onChoose={() => onChoose(null)}
        />
        {teams.data?.map((team) => (
          <WorkspaceEntry
            key={team.id}
            label={team.name}
            icon={<UsersRound className="size-4 shrink-0 text-muted-foreground" aria-hidden />}
            current={team.id === activeId}
            disabled={busy}
            className={itemClass}
            onChoose={() => onChoose(team)}
          />
        ))}
      </ul>
      {teams.isPending ? (
        <p role="status" className="flex items-center gap-2 px-3 py-2 text-muted-foreground text-xs">
          <Loader2 className="size-3.5 animate-spin" aria-hidden />
          Loading your teams…
        </p>
      ) : null}
      {teams.isError ? (
        <p role="alert" className="px-3 py-2 text-destructive text-xs">
          Could not load your teams.
        </p>
      ) : null}
      <div className="my-1 h-px bg-border" />
      {teamActive ? (
        <Link to="/team" onClick={onTeamPage} className={itemClass}>
          <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0 flex-1 truncate">Team page</span>
        </Link>
      ) : null}
      <button type="button" className={cn(itemClass, 'w-full text-left')} onClick={onCreate}>
        <Plus className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        Create a team
      </button>
    </>
  );
}

const MENU_ROW_CLASS =
  'flex h-10 w-full items-center gap-3 rounded-lg px-3 text-left font-medium text-sm transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

interface WorkspaceEntryProps {
  label: string;
  icon: ReactNode;
  current: boolean;
  disabled: boolean;
  className: string;
  onChoose: () => void;
}

function WorkspaceEntry({ label, icon, current, disabled, className, onChoose }: WorkspaceEntryProps) {
  return (
    <li>
      <button
        type="button"
        aria-current={current ? 'true' : undefined}
        disabled={disabled}
        onClick={onChoose}
        className={cn(className, 'w-full text-left disabled:cursor-wait disabled:opacity-60')}
      >
        {icon}
        <span className="min-w-0 flex-1 truncate">{label}</span>
        {current ? <Check className="size-4 shrink-0 text-primary" aria-hidden /> : null}
      </button>
    </li>
  );
}

/**
 * The workspace is the session's, shared by every tab: when another tab switches, its new access token
 * lands in this tab's storage too, and this tab reads the profile and every query again, so what it
 * shows matches the workspace its calls now work in.
 */
function useOtherTabsWorkspace(activeId: string | null, reloadProfile: () => Promise<void>) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== ACCESS_TOKEN_KEY || !event.newValue) return;
      if (readTokenWorkspace(event.newValue) === activeId) return;
      // Only read: writing a token here would wake the other tab in turn.
      void reloadProfile().then(() => queryClient.invalidateQueries());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [activeId, reloadProfile, queryClient]);
}
