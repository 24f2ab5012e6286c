import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys';

export type SocialProvider = 'google' | 'github';

export interface AuthConfig {
  socialProviders: Record<SocialProvider, boolean>;
}

/** GET /api/config: which social providers this server has credentials for. */
export const getAuthConfig = () => apiGet<AuthConfig>('/config', { auth: false });

export const getAuthConfigQueryOptions = () =>
  queryOptions({ queryKey: authKeys.config, queryFn: getAuthConfig, staleTime: 5 * 60 * 1000 });

export const useAuthConfig = () => useQuery(getAuthConfigQueryOptions());
