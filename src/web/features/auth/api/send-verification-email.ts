import { useMutation } from '@tanstack/react-query';
import { authClient } from './auth-client.ts';
import { AuthFlowError } from './auth-flow-error.ts';

/** better-auth's POST /api/auth/send-verification-email for the signed-in user's address ('Resend'). */
export async function sendVerificationEmail(email: string): Promise<void> {
  const { error } = await authClient.sendVerificationEmail({ email });
  if (error) throw AuthFlowError.from(error, 'Could not send the link. Please try again.');
}

export const useSendVerificationEmail = () => useMutation({ mutationFn: sendVerificationEmail });
