import { Loader2, Plus } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { TEAM_NAME_MAX, teamNameError } from '#shared/team-rules';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { FormField, fieldAria } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useCreateTeam } from '#web/features/teams/api/create-team.ts';
import type { TeamSummary } from '#web/features/teams/lib/team-types.ts';
import { readableError } from '#web/lib/auth-call.ts';

interface CreateTeamDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The team was created (its owner is the signed-in user): the caller makes it the workspace. */
  onCreated: (team: TeamSummary) => Promise<void> | void;
}

/** 'Create a team': a name, from which the team's address name (slug) is made. */
export function CreateTeamDialog({ open, onOpenChange, onCreated }: CreateTeamDialogProps) {
  const [name, setName] = useState('');
  // Checked as the person types once they have tried to create it, and a name too long at once.
  const [submitted, setSubmitted] = useState(false);
  const fieldError =
    submitted || name.trim().length > TEAM_NAME_MAX ? (teamNameError(name) ?? undefined) : undefined;
  const [formError, setFormError] = useState<string | undefined>();
  const [finishing, setFinishing] = useState(false);
  const create = useCreateTeam();
  const busy = create.isPending || finishing;

  function reset(next: boolean) {
    if (busy) return;
    if (!next) {
      setName('');
      setSubmitted(false);
      setFormError(undefined);
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFormError(undefined);
    if (teamNameError(name)) return;
    try {
      const team = await create.mutateAsync(name);
      setFinishing(true);
      await onCreated(team);
      setName('');
      setSubmitted(false);
      onOpenChange(false);
    } catch (error) {
      setFormError(readableError(error, 'Could not create the team. Please try again.'));
    } finally {
      setFinishing(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={reset}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-card p-6 text-foreground shadow-2xl data-[state=open]:animate-fade-in">
          <Dialog.Title className="font-semibold text-lg">Create a team</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted-foreground text-sm">
            You will be its owner. Invite people once it is created; your personal workspace stays as it is.
          </Dialog.Description>
          <form className="mt-5 grid gap-4" onSubmit={submit} noValidate>
            <FormField id="team-name" label="Team name" error={fieldError}>
              <Input
                id="team-name"
                value={name}
                maxLength={TEAM_NAME_MAX + 20}
                autoComplete="organization"
                placeholder="Acme Writers"
                onChange={(event) => setName(event.target.value)}
                disabled={busy}
                {...fieldAria('team-name', fieldError)}
              />
            </FormField>
            <FormAlert message={formError} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button type="button" variant="outline" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={busy}>
                {busy ? (
                  <Loader2 className="size-4 animate-spin" aria-hidden />
                ) : (
                  <Plus className="size-4" aria-hidden />
                )}
                Create team
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
