import { apiRequest } from '#web/lib/api-client.ts';
import { tokenStore } from '#web/lib/token-store.ts';

export interface AccessTokenResponse {
  token: string;
  expiresAt: number;
}

/** POST /api/jwt {email}: trades the cookie session for a bearer token and stores it (docs/product.md §4). */
export async function createAccessToken(email: string): Promise<string> {
  const { data } = await apiRequest<AccessTokenResponse>('/jwt', {
    method: 'POST',
    body: { email },
    auth: false,
  });
  tokenStore.set(data.token);
  return data.token;
}
