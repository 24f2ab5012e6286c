import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config/config';
import { resolveProviderSettings } from './provider-settings.ts';

const resolve = (env: Record<string, string>) =>
  resolveProviderSettings(loadConfig({ NODE_ENV: 'test', ...env }));

describe('provider selection from the environment', () => {
  it('uses the in-process local model by default', () => {
    expect(resolve({})).toEqual({ provider: 'local' });
  });

  it('follows AI_PROVIDER, with AI_MODEL and the provider key', () => {
    expect(resolve({ AI_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'k', AI_MODEL: 'claude-x' })).toEqual({
      provider: 'anthropic',
      modelId: 'claude-x',
      apiKey: 'k',
      baseURL: undefined,
    });
    expect(resolve({ AI_PROVIDER: 'local', OPENAI_API_KEY: 'k' })).toEqual({ provider: 'local' });
  });

  it('picks the provider whose key is present when AI_PROVIDER is unset', () => {
    expect(resolve({ OPENAI_API_KEY: 'sk' })).toMatchObject({
      provider: 'openai',
      modelId: 'gpt-4o-mini',
      apiKey: 'sk',
    });
    expect(resolve({ GOOGLE_GENERATIVE_AI_API_KEY: 'g' })).toMatchObject({
      provider: 'google',
      modelId: 'gemini-2.5-flash',
    });
    expect(resolve({ ANTHROPIC_API_KEY: 'a' })).toMatchObject({ provider: 'anthropic' });
    expect(resolve({ AI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.2' })).toMatchObject({
      provider: 'openai-compatible',
      modelId: 'llama3.2',
    });
  });

  it('accepts AI_API_KEY for any remote provider', () => {
    expect(resolve({ AI_PROVIDER: 'openai', AI_API_KEY: 'generic' })).toMatchObject({ apiKey: 'generic' });
  });

  it('refuses incomplete provider settings at boot with one line per variable', () => {
    expect(() => resolve({ AI_PROVIDER: 'openai' })).toThrow(ConfigError);
    expect(() => resolve({ AI_PROVIDER: 'openai' })).toThrow(
      /OPENAI_API_KEY: is required with AI_PROVIDER=openai/,
    );
    expect(() => resolve({ AI_PROVIDER: 'openai-compatible' })).toThrow(
      /AI_BASE_URL: is required[\s\S]*AI_MODEL: is required/,
    );
    expect(() => resolve({ LOCAL_MODEL_SHA256: 'xyz' })).toThrow(/LOCAL_MODEL_SHA256: must be 64 hex digits/);
  });
});
