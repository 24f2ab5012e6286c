import { type ClosableModel, createOpenAiCompatibleStreamModel } from './openai-compatible-stream.ts';
import type { RemoteProviderSettings } from './provider-settings.ts';

const OPENAI_COMPATIBLE_DEFAULT_URL = 'http://localhost:11434/v1';

/**
 * The language model for a remote provider: the AI SDK's adapter per vendor, all behind
 * LanguageModelV3, with the lean stream reader in front of the OpenAI-compatible one for the tools'
 * streamed calls (openai-compatible-stream.ts). Only the configured vendor's package is loaded (issue 15:
 * the others' code is about 2 MB of memory at rest).
 */
export async function createRemoteModel(
  settings: RemoteProviderSettings,
  httpFetch?: typeof fetch,
): Promise<ClosableModel> {
  const { apiKey, baseURL, modelId } = settings;
  const sdkOnly = (model: ClosableModel['model']): ClosableModel => ({ model, close() {} });
  switch (settings.provider) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return sdkOnly(createOpenAI({ apiKey, baseURL })(modelId));
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return sdkOnly(createAnthropic({ apiKey, baseURL })(modelId));
    }
    case 'google': {
      const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
      return sdkOnly(createGoogleGenerativeAI({ apiKey, baseURL })(modelId));
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      const url = baseURL ?? OPENAI_COMPATIBLE_DEFAULT_URL;
      const sdkModel = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: url,
        apiKey,
        includeUsage: true,
        ...(httpFetch && url.startsWith('http://') ? { fetch: httpFetch } : {}),
      }).chatModel(modelId);
      return createOpenAiCompatibleStreamModel({ baseURL: url, apiKey, modelId }, sdkModel);
    }
  }
}
