import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { SectionCard } from '#web/components/section-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { useLeaveTeam } from '#web/features/teams/api/leave-team.ts';
import { readableError } from '#web/lib/auth-call.ts';

interface LeaveTeamSectionProps {
  teamId: string;
  teamName: string;
  /** After leaving: the caller goes back to the personal workspace. */
  onLeft: () => Promise<void>;
}

/**
 * 'Leave team', after a confirmation. The only owner is refused by the server (ownership is handed over
 * first, by making another member an owner); its message is shown here.
 */
export function LeaveTeamSection({ teamId, teamName, onLeft }: LeaveTeamSectionProps) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [finishing, setFinishing] = useState(false);
  const leave = useLeaveTeam(teamId);
  const busy = leave.isPending || finishing;

  return (
    <SectionCard
      id="leave"
      title="Leave team"
      icon={LogOut}
      description="You stop seeing this team’s shared chats and go back to your personal workspace. Your own chats stay yours; your copies of the team’s chats (where your follow-ups went on) stay with the team. The only owner makes another member an owner first."
    >
      <div className="grid justify-items-start gap-3">
        <Button variant="outline" className="text-destructive" onClick={() => setConfirming(true)}>
          <LogOut className="size-4" aria-hidden />
          Leave team
        </Button>
        <FormAlert message={error} />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !busy && setConfirming(open)}
        title={`Leave ${teamName}?`}
        description="Your copies of the team’s chats are deleted, with any public link to them. To join again, you need a new invitation from an owner or admin."
        confirmLabel="Leave team"
        pending={busy}
        onConfirm={async () => {
          setError(undefined);
          try {
            await leave.mutateAsync();
          } catch (failure) {
            setConfirming(false);
            setError(readableError(failure, 'Could not leave the team. Please try again.'));
            return;
          }
          setFinishing(true);
          try {
            await onLeft();
          } finally {
            setFinishing(false);
            setConfirming(false);
          }
        }}
      />
    </SectionCard>
  );
}
