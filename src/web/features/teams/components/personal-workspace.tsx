import { Plus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { SectionCard } from '#web/components/section-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useTeams } from '#web/features/teams/api/list-teams.ts';
import { useSwitchWorkspace } from '#web/features/teams/hooks/use-switch-workspace.ts';
import { readableError } from '#web/lib/auth-call.ts';
import { notify } from '#web/lib/notify.ts';
import { CreateTeamDialog } from './create-team-dialog.tsx';

/** /team in the personal workspace: the user's teams to work in, and 'Create a team'. */
export function PersonalWorkspace({ onWorkspaceChanged }: { onWorkspaceChanged: () => Promise<void> }) {
  const teams = useTeams();
  const switcher = useSwitchWorkspace(onWorkspaceChanged);
  const [creating, setCreating] = useState(false);

  async function workIn(teamId: string, name: string) {
    try {
      await switcher.mutateAsync(teamId);
      notify.success(`You are now working in ${name}.`);
    } catch (error) {
      notify.error('Could not switch the workspace', {
        description: readableError(error, 'Please try again.'),
      });
    }
  }

  return (
    <SectionCard
      id="teams"
      title="Your teams"
      icon={UsersRound}
      description="Work in a team to see its members, usage and shared chats."
    >
      {teams.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : teams.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {teams.error.message}
        </p>
      ) : teams.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          You are not in a team yet. Create one and invite your colleagues.
        </p>
      ) : (
        <ul aria-label="Your teams" className="divide-y divide-border rounded-xl border border-border">
          {teams.data.map((team) => (
            <li key={team.id} className="flex items-center justify-between gap-3 px-4 py-3">
              <span className="min-w-0 truncate font-medium text-sm">{team.name}</span>
              <Button
                variant="outline"
                size="sm"
                disabled={switcher.isPending}
                aria-label={`Work in ${team.name}`}
                onClick={() => void workIn(team.id, team.name)}
              >
                Work in this team
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button className="mt-4" onClick={() => setCreating(true)}>
        <Plus className="size-4" aria-hidden />
        Create a team
      </Button>
      <CreateTeamDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={async (team) => {
          await switcher.mutateAsync(team.id);
          notify.success(`${team.name} is ready. Invite your colleagues here.`);
        }}
      />
    </SectionCard>
  );
}
