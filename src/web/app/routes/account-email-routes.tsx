import { QueryProvider } from '#web/app/query-provider.tsx';
import { PageMeta } from '#web/components/page-meta.tsx';
import { ForgotPasswordScreen } from '#web/features/auth/components/forgot-password-screen.tsx';
import { ResetPasswordScreen } from '#web/features/auth/components/reset-password-screen.tsx';
import { VerifyEmailScreen } from '#web/features/auth/components/verify-email-screen.tsx';

/** The pages the account e-mails lead to, without header and footer like /signin. */
export function ForgotPasswordRoute() {
  return (
    <QueryProvider>
      <PageMeta title="Forgot Password" description="Get a link to choose a new Draftsmith password." />
      <ForgotPasswordScreen />
    </QueryProvider>
  );
}

export function ResetPasswordRoute() {
  return (
    <QueryProvider>
      <PageMeta title="Reset Password" description="Choose a new password for your Draftsmith account." />
      <ResetPasswordScreen />
    </QueryProvider>
  );
}

export function VerifyEmailRoute() {
  return (
    <QueryProvider>
      <PageMeta title="Verify E-mail" description="Confirm the e-mail address of your Draftsmith account." />
      <VerifyEmailScreen />
    </QueryProvider>
  );
}
