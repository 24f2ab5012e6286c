import type { Config } from '#server/config/config';

export type ProviderName = 'local' | 'openai' | 'anthropic' | 'google' | 'openai-compatible';

export interface RemoteProviderSettings {
  provider: Exclude<ProviderName, 'local'>;
  modelId: string;
  apiKey: string | undefined;
  baseURL: string | undefined;
}

export interface LocalProviderSettings {
  provider: 'local';
}

export type ProviderSettings = RemoteProviderSettings | LocalProviderSettings;

/** Default model per remote provider when AI_MODEL is unset: small, fast and inexpensive. */
export const DEFAULT_REMOTE_MODELS = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-haiku-4-5',
  google: 'gemini-2.5-flash',
} as const;

type AiEnv = Pick<
  Config,
  | 'AI_PROVIDER'
  | 'AI_MODEL'
  | 'AI_BASE_URL'
  | 'AI_API_KEY'
  | 'OPENAI_API_KEY'
  | 'ANTHROPIC_API_KEY'
  | 'GOOGLE_GENERATIVE_AI_API_KEY'
>;

/**
 * Which provider serves the tools. AI_PROVIDER wins; when it is unset, the first provider key present
 * (OpenAI, Anthropic, Google) picks its provider, an AI_BASE_URL alone means an OpenAI-compatible
 * server, and otherwise the in-process local model is used.
 */
export function resolveProviderSettings(env: AiEnv): ProviderSettings {
  const provider = env.AI_PROVIDER ?? inferProvider(env);
  switch (provider) {
    case 'local':
      return { provider: 'local' };
    case 'openai-compatible':
      return {
        provider,
        modelId: env.AI_MODEL ?? 'default',
        apiKey: env.AI_API_KEY,
        baseURL: env.AI_BASE_URL,
      };
    case 'openai':
      return remote(provider, env, env.OPENAI_API_KEY);
    case 'anthropic':
      return remote(provider, env, env.ANTHROPIC_API_KEY);
    case 'google':
      return remote(provider, env, env.GOOGLE_GENERATIVE_AI_API_KEY);
  }
}

function inferProvider(env: AiEnv): ProviderName {
  if (env.OPENAI_API_KEY) return 'openai';
  if (env.ANTHROPIC_API_KEY) return 'anthropic';
  if (env.GOOGLE_GENERATIVE_AI_API_KEY) return 'google';
  if (env.AI_BASE_URL) return 'openai-compatible';
  return 'local';
}

function remote(
  provider: keyof typeof DEFAULT_REMOTE_MODELS,
  env: AiEnv,
  providerKey: string | undefined,
): RemoteProviderSettings {
  return {
    provider,
    modelId: env.AI_MODEL ?? DEFAULT_REMOTE_MODELS[provider],
    apiKey: providerKey ?? env.AI_API_KEY,
    baseURL: env.AI_BASE_URL,
  };
}
