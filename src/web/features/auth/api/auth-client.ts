// The client is shared web code (the account page uses it too); the auth feature's imports name it here.
export {
  type AuthSession,
  authClient,
  authErrorCode,
  authErrorMessage,
  authErrorStatus,
} from '#web/lib/auth-client.ts';
