import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#web/lib/api-client.ts';
import { authKeys } from '#web/lib/query-keys.ts';

export type SocialProvider = 'google' | 'github';

export interface AuthConfig {
  socialProviders: Record<SocialProvider, boolean>;
}

/** GET /api/config: which social providers this server has credentials for. */
export const getAuthConfig = () => apiGet<AuthConfig>('/config', { auth: false });

export const getAuthConfigQueryOptions = () =>
  queryOptions({ queryKey: authKeys.config, queryFn: getAuthConfig, staleTime: 5 * 60 * 1000 });

export const useAuthConfig = () => useQuery(getAuthConfigQueryOptions());
