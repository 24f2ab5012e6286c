import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { isTeamRole, ROLE_LABELS, type TeamRole } from '#web/features/teams/lib/team-types.ts';

interface RoleSelectProps {
  id?: string;
  /** The accessible name, when no label names it ('Role of Ada Lovelace'). */
  label?: string;
  value: string;
  roles: readonly TeamRole[];
  disabled?: boolean;
  onChange: (role: TeamRole) => void;
  className?: string;
}

/** A native select of team roles; a role this app does not know stays shown as it is. */
export function RoleSelect({ id, label, value, roles, disabled, onChange, className }: RoleSelectProps) {
  const options: string[] = isTeamRole(value) && !roles.includes(value) ? [...roles, value] : [...roles];
  if (!isTeamRole(value)) options.push(value);
  return (
    <NativeSelect
      id={id}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => {
        const next = event.target.value;
        if (isTeamRole(next) && next !== value) onChange(next);
      }}
      className={className}
    >
      {options.map((role) => (
        <option key={role} value={role}>
          {isTeamRole(role) ? ROLE_LABELS[role] : role}
        </option>
      ))}
    </NativeSelect>
  );
}
