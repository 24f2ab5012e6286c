import { useMutation } from '@tanstack/react-query';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/**
 * POST /api/auth/change-password: the current password first (docs/product.md §5), then the new one;
 * every other session is signed out, and this one goes on under a new session cookie.
 */
export function changePassword(input: ChangePasswordInput) {
  return authCall(
    authClient.changePassword({ ...input, revokeOtherSessions: true }),
    'Could not change your password. Please try again.',
  );
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
