import { useServerConfig } from '#web/lib/server-config.ts';

export type SocialProvider = 'google' | 'github';

/** GET /api/config, through the one shared query: which social providers this server has credentials for. */
export const useAuthConfig = useServerConfig;
