import { useMutation } from '@tanstack/react-query';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';

/** POST /api/auth/update-user {name}: the display name (the username rules, checked again by the server). */
export function updateDisplayName(name: string): Promise<{ status: boolean }> {
  return authCall(authClient.updateUser({ name }), 'Could not change your name. Please try again.');
}

export const useUpdateDisplayName = () => useMutation({ mutationFn: updateDisplayName });
