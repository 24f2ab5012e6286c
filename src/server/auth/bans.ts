/**
 * Whether an account is disabled now: an administrator's ban (better-auth's admin plugin fields), one
 * with an end date lasting until it. Auth refuses a disabled account's credentials with it; the
 * privileges (users/account-privileges.ts) and public links (history/chat-shares.ts, in SQL) follow it.
 */
export function isDisabled(state: { banned: boolean | null; banExpires: Date | null }, now: Date): boolean {
  return state.banned === true && (!state.banExpires || state.banExpires.getTime() > now.getTime());
}
