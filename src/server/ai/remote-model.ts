import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { RemoteProviderSettings } from './provider-settings.ts';

/** The AI SDK language model for a remote provider (one adapter per vendor, all behind LanguageModelV3). */
export function createRemoteModel(
  settings: RemoteProviderSettings,
  httpFetch?: typeof fetch,
): LanguageModelV3 {
  const { apiKey, baseURL, modelId } = settings;
  switch (settings.provider) {
    case 'openai':
      return createOpenAI({ apiKey, baseURL })(modelId);
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL })(modelId);
    case 'google':
      return createGoogleGenerativeAI({ apiKey, baseURL })(modelId);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: baseURL ?? 'http://localhost:11434/v1',
        apiKey,
        includeUsage: true,
        ...(httpFetch && baseURL?.startsWith('http://') ? { fetch: httpFetch } : {}),
      }).chatModel(modelId);
  }
}
