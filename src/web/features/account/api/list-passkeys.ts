import { queryOptions, useQuery } from '@tanstack/react-query';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { accountKeys } from '#web/lib/query-keys.ts';

export interface PasskeySummary {
  id: string;
  name: string | null;
  createdAt: Date | null;
  /** 'multiDevice' for a synced passkey (a password manager's), 'singleDevice' for one bound to a device. */
  deviceType: string;
}

/** GET /api/auth/passkey/list-user-passkeys: the signed-in user's passkeys, newest first. */
export async function listPasskeys(): Promise<PasskeySummary[]> {
  const passkeys = await authCall(authClient.passkey.listUserPasskeys(), 'Could not load your passkeys.');
  return passkeys
    .map((p) => ({
      id: p.id,
      name: p.name ?? null,
      createdAt: p.createdAt ? new Date(p.createdAt) : null,
      deviceType: p.deviceType,
    }))
    .sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0));
}

export const passkeysQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.passkeys, queryFn: listPasskeys });

export const usePasskeys = () => useQuery(passkeysQueryOptions());
