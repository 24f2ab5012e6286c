/**
 * Hook for services the app server needs before it starts (e.g. the local OAuth2/OIDC server for the
 * social sign-in round trip). Start them here and return the environment variables the app server
 * should get (such as GITHUB_CLIENT_ID, GITHUB_OAUTH_URL); tests read anything they need from
 * process.env, which global setup shares with the workers. `stop` runs after the whole run.
 */
export interface ExtraServices {
  env: Record<string, string>;
  stop: () => Promise<void>;
}

export async function startExtraServices(): Promise<ExtraServices> {
  return { env: {}, stop: async () => {} };
}
