import { describe, expect, it } from 'vitest';
import { aiStatusSchema } from '#shared/ai-status';
import { localAiStatus, remoteAiStatus } from './ai-status.ts';

const MODEL = 'qwen.gguf';

describe('localAiStatus', () => {
  it('reports a download with its progress, leaving out what is not known yet', () => {
    const known = localAiStatus(MODEL, {
      state: 'downloading',
      percent: 42,
      receivedBytes: 420,
      totalBytes: 1000,
    });
    expect(known).toEqual({
      provider: 'local',
      model: MODEL,
      state: 'downloading',
      percent: 42,
      receivedBytes: 420,
      totalBytes: 1000,
    });
    const unknownSize = localAiStatus(MODEL, {
      state: 'downloading',
      percent: null,
      receivedBytes: 0,
      totalBytes: null,
    });
    expect(unknownSize).toEqual({ provider: 'local', model: MODEL, state: 'downloading', receivedBytes: 0 });
    expect(aiStatusSchema.parse(known)).toEqual(known);
  });

  it('reports idle, unloaded, loading and ready without the loaded model’s internals', () => {
    expect(localAiStatus(MODEL, { state: 'idle' })).toEqual({
      provider: 'local',
      model: MODEL,
      state: 'idle',
    });
    expect(localAiStatus(MODEL, { state: 'loading' }).state).toBe('loading');
    const unloaded = localAiStatus(MODEL, { state: 'unloaded' });
    expect(unloaded).toEqual({ provider: 'local', model: MODEL, state: 'unloaded' });
    expect(aiStatusSchema.parse(unloaded)).toEqual(unloaded);
    expect(localAiStatus(MODEL, { state: 'ready', contextSize: 8192, threads: 4, sequences: 1 })).toEqual({
      provider: 'local',
      model: MODEL,
      state: 'ready',
    });
  });

  it('gives a failure its reason, advice that fits how it is tried again, and the next attempt', () => {
    const retryAt = Date.UTC(2030, 0, 2, 3, 4, 5);
    const automatic = localAiStatus(MODEL, {
      state: 'failed',
      reason: 'the model could not be downloaded from huggingface.co (ENOTFOUND)',
      retry: 'automatic',
      retryAt,
    });
    expect(automatic).toMatchObject({
      state: 'failed',
      reason: 'the model could not be downloaded from huggingface.co (ENOTFOUND)',
      retry: 'automatic',
      retryAt: '2030-01-02T03:04:05.000Z',
    });
    expect(automatic.advice).toMatch(/network.*tried again by itself and resumes where it stopped/);
    expect(automatic.advice).toMatch(/LOCAL_MODEL to a \.gguf file.*AI_PROVIDER and its API key.*restart/);
    expect(aiStatusSchema.parse(automatic)).toEqual(automatic);

    const refused = localAiStatus(MODEL, {
      state: 'failed',
      reason: 'HTTP 404',
      retry: 'on-request',
      retryAt: null,
    });
    expect(refused).not.toHaveProperty('retryAt');
    expect(refused.advice).toMatch(/^Check LOCAL_MODEL and LOCAL_MODEL_SHA256\. Or set LOCAL_MODEL/);

    const misread = localAiStatus('unknown', {
      state: 'failed',
      reason: 'bad',
      retry: 'never',
      retryAt: null,
    });
    expect(misread.advice).toMatch(
      /^Set LOCAL_MODEL to a \.gguf file on the server, an http\(s\) URL or hf:/,
    );
    expect(new Set([automatic.advice, refused.advice, misread.advice]).size).toBe(3);
  });
});

describe('remoteAiStatus', () => {
  it('is ready: a remote provider has nothing to download', () => {
    expect(remoteAiStatus('openai', 'gpt-4o-mini')).toEqual({
      provider: 'openai',
      model: 'gpt-4o-mini',
      state: 'ready',
    });
  });
});
