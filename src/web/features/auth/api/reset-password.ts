import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '#shared/auth-schemas';
import { authClient } from './auth-client.ts';
import { AuthFlowError } from './auth-flow-error.ts';

/** better-auth's POST /api/auth/reset-password with the mailed link's token; every session ends. */
export async function resetPassword({ newPassword, token }: ResetPasswordInput & { token: string }) {
  const { error } = await authClient.resetPassword({ newPassword, token });
  if (error) throw AuthFlowError.from(error, 'Could not set the new password. Please try again.');
}

/** The server's code for a reset link that was used already, expired or never existed. */
export const RESET_TOKEN_INVALID = 'bad_request:invalid_token';

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
