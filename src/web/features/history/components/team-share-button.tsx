import { Loader2, UsersRound } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { type ChatTeamShare, useTeamShare } from '#web/features/history/api/team-share.ts';
import { notify } from '#web/lib/notify.ts';

interface TeamShareButtonProps {
  chatId: string;
  teamShare: ChatTeamShare | null;
  /** The team the access token works in (null: personal), where 'Share with team' shares to. */
  team: { organizationId: string; name: string } | null;
}

/**
 * The author's 'Share with team' (in a team workspace), or, once shared, 'Shared with <team>' and
 * 'Stop sharing' to undo it.
 */
export function TeamShareButton({ chatId, teamShare, team }: TeamShareButtonProps) {
  const share = useTeamShare(chatId);
  const failed = (what: string) => (error: unknown) =>
    notify.error(`Could not ${what}`, {
      description: error instanceof Error && error.message ? error.message : 'Please try again.',
    });
  const stop = () => share.mutate(false, { onError: failed('stop sharing with the team') });

  if (teamShare) {
    const name =
      teamShare.organizationName ??
      (team?.organizationId === teamShare.organizationId ? team.name : 'your team');
    return (
      <div className="mr-auto flex min-w-0 flex-wrap items-center gap-1">
        <span
          className="inline-flex min-w-0 items-center gap-1.5 rounded-full bg-primary/10 px-2.5 py-1 font-medium text-primary text-xs"
          data-testid="team-share-state"
        >
          <UsersRound className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">Shared with {name}</span>
        </span>
        <Button
          variant="ghost"
          size="sm"
          className="text-muted-foreground"
          disabled={share.isPending}
          onClick={stop}
        >
          {share.isPending ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : null}
          Stop sharing with team
        </Button>
      </div>
    );
  }
  if (!team) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="text-muted-foreground"
      disabled={share.isPending}
      onClick={() =>
        share.mutate(true, {
          onSuccess: () =>
            notify.success(`Shared with ${team.name}`, {
              description: 'Everyone in the team can read this chat now.',
              action: { label: 'Undo', onClick: stop },
            }),
          onError: failed('share with the team'),
        })
      }
    >
      {share.isPending ? (
        <Loader2 className="size-3.5 animate-spin" aria-hidden />
      ) : (
        <UsersRound className="size-3.5" aria-hidden />
      )}
      Share with team
    </Button>
  );
}
