import { createContext, useContext } from 'react';

/**
 * Runs an action that may need a fresh sign-in; when the server asks for one, the account page's
 * confirmation dialog (reauthentication-provider.tsx) asks for the password or a passkey and the action
 * runs again. Rejects as the action does, or when the person cancels the confirmation.
 */
export type WithReauthentication = <T>(action: () => Promise<T>) => Promise<T>;

export const ReauthenticationContext = createContext<WithReauthentication | null>(null);

/** The account page's confirmation, or, outside it, the action alone. */
export function useReauthentication(): WithReauthentication {
  return useContext(ReauthenticationContext) ?? ((action) => action());
}
