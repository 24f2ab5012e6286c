import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '#shared/auth-schemas';
import { authClient } from './auth-client.ts';
import { AuthFlowError } from './auth-flow-error.ts';

/**
 * better-auth's POST /api/auth/request-password-reset: the server mails a link to /reset-password if the
 * address has an account, and answers the same either way.
 */
export async function requestPasswordReset({ email }: ForgotPasswordInput): Promise<void> {
  const { error } = await authClient.requestPasswordReset({ email });
  if (error) throw AuthFlowError.from(error, 'Could not send the link. Please try again.');
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
