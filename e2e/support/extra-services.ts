import { startOAuthServer } from '#tests/fakes/oauth-server';
import { startAiRouter } from './ai-router.ts';

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
  // The AI provider: an OpenAI-compatible fake that tests script per marker (e2e/support/ai-router.ts).
  const ai = await startAiRouter();
  // Google and GitHub: a local OAuth2/OIDC server that signs in a new person on every authorization.
  const oauth = await startOAuthServer({ freshUsers: true });
  return {
    env: {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: ai.url,
      AI_MODEL: 'fake-model',
      E2E_AI_CONTROL_URL: ai.controlUrl,
      ...socialSignInEnv(oauth.url),
    },
    stop: async () => {
      await ai.close();
      await oauth.stop();
    },
  };
}

function socialSignInEnv(oauthUrl: string): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: 'draftsmith-e2e-google',
    GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
    GOOGLE_OAUTH_URL: oauthUrl,
    GITHUB_CLIENT_ID: 'draftsmith-e2e-github',
    GITHUB_CLIENT_SECRET: 'e2e-github-secret',
    GITHUB_OAUTH_URL: oauthUrl,
  };
}
