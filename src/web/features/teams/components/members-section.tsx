import { UserMinus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { EmailAddress } from '#web/components/email-address.tsx';
import { SectionCard } from '#web/components/section-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { TableScroller } from '#web/components/ui/table-scroller.tsx';
import { useRemoveMember } from '#web/features/teams/api/remove-member.ts';
import { useUpdateMemberRole } from '#web/features/teams/api/update-member-role.ts';
import {
  managesTeam,
  roleLabel,
  type TeamMember,
  type TeamRole,
} from '#web/features/teams/lib/team-types.ts';
import { readableError } from '#web/lib/auth-call.ts';
import { notify } from '#web/lib/notify.ts';
import { counted } from '#web/lib/plural.ts';
import { RoleSelect } from './role-select.tsx';

interface MembersSectionProps {
  teamId: string;
  teamName: string;
  members: TeamMember[];
  /** The signed-in user's uid: their own row is never changed here (they use Leave). */
  currentUid: string;
  /** The signed-in user's role: owners and admins change roles and remove members. */
  viewerRole: TeamRole;
}

const cellClass = 'px-4 py-3 text-left align-middle';

/** The team's members: name, e-mail and role; owners and admins change roles and remove members. */
export function MembersSection({
  teamId,
  teamName,
  members,
  currentUid,
  viewerRole: role,
}: MembersSectionProps) {
  const manages = managesTeam(role);
  // Only an owner can make someone else an owner (that is how ownership is handed over).
  const assignable: TeamRole[] = role === 'owner' ? ['owner', 'admin', 'member'] : ['admin', 'member'];
  const update = useUpdateMemberRole(teamId);
  const remove = useRemoveMember(teamId);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const count = counted(members.length, 'member');

  return (
    <SectionCard id="members" title="Members" icon={UsersRound} description={`${count} in ${teamName}.`}>
      <TableScroller label="Team members">
        <table className="w-full min-w-[36rem] text-sm">
          <thead className="bg-muted text-left text-muted-foreground text-xs uppercase tracking-wide">
            <tr>
              <th scope="col" className={cellClass}>
                Name
              </th>
              <th scope="col" className={cellClass}>
                E-mail
              </th>
              <th scope="col" className={`${cellClass} w-40`}>
                Role
              </th>
              {manages ? (
                <th scope="col" className={`${cellClass} w-28`}>
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {members.map((member) => {
              const self = member.userId === currentUid;
              const editable = manages && !self && (role === 'owner' || member.role !== 'owner');
              const saving = update.isPending && update.variables?.memberId === member.id;
              return (
                <tr key={member.id}>
                  <td className={`${cellClass} font-medium`}>
                    {member.name}
                    {self ? <span className="ml-1.5 font-normal text-muted-foreground">(you)</span> : null}
                  </td>
                  <td className={`${cellClass} text-muted-foreground`}>
                    <EmailAddress address={member.email} />
                  </td>
                  <td className={cellClass}>
                    {editable ? (
                      <RoleSelect
                        label={`Role of ${member.name}`}
                        value={member.role}
                        roles={assignable}
                        disabled={saving}
                        onChange={(next) =>
                          update.mutate(
                            { memberId: member.id, role: next },
                            {
                              onSuccess: () =>
                                notify.success(`${member.name} is now ${roleLabel(next).toLowerCase()}.`),
                              onError: (error) =>
                                notify.error('Could not change the role', {
                                  description: readableError(error, 'Please try again.'),
                                }),
                            },
                          )
                        }
                      />
                    ) : (
                      roleLabel(member.role)
                    )}
                  </td>
                  {manages ? (
                    <td className={`${cellClass} text-right`}>
                      {editable ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-destructive"
                          aria-label={`Remove ${member.name}`}
                          onClick={() => setRemoving(member)}
                        >
                          <UserMinus className="size-3.5" aria-hidden />
                          Remove
                        </Button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroller>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && !remove.isPending && setRemoving(null)}
        title={`Remove ${removing?.name ?? 'this member'}?`}
        description={`They lose access to ${teamName} and the chats shared with it, and their copies of those chats are deleted with any public link to them. Their own chats stay theirs.`}
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          const { id, name } = removing;
          remove.mutate(id, {
            onSuccess: () => {
              setRemoving(null);
              notify.success(`${name} was removed from ${teamName}.`);
            },
            onError: (error) =>
              notify.error('Could not remove the member', {
                description: readableError(error, 'Please try again.'),
              }),
          });
        }}
      />
    </SectionCard>
  );
}
