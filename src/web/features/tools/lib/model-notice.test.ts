import { describe, expect, it } from 'vitest';
import { MODEL_MISSING_TITLE, modelMissingNotice, modelNotice } from './model-notice.ts';

const base = { provider: 'local', model: 'qwen.gguf' };
const MB = 1024 * 1024;

describe('modelNotice', () => {
  it('says nothing once the model is ready', () => {
    expect(modelNotice({ ...base, state: 'ready' }, false)).toBeNull();
  });

  it('shows a download with its percent and size, and that a request can be sent now', () => {
    const notice = modelNotice(
      { ...base, state: 'downloading', percent: 42, receivedBytes: 448 * MB, totalBytes: 1066 * MB },
      false,
    );
    expect(notice).toEqual({
      kind: 'preparing',
      downloading: true,
      title: 'The model is downloading (42%).',
      detail: 'You can send your request now; it starts as soon as the model is ready.',
      percent: 42,
      progress: '448 MB of 1,066 MB',
    });
    const small = modelNotice(
      { ...base, state: 'downloading', percent: 3, receivedBytes: MB / 20, totalBytes: 2 * MB },
      true,
    );
    expect(small).toMatchObject({
      detail: 'Your request starts as soon as the model is ready.',
      progress: '0.1 MB of 2.0 MB',
    });
  });

  it('shows a download of unknown size, and loading, with a bar that has no end', () => {
    expect(modelNotice({ ...base, state: 'downloading', receivedBytes: 10 }, false)).toMatchObject({
      title: 'The model is downloading.',
      percent: null,
      progress: null,
    });
    for (const state of ['loading', 'idle'] as const) {
      expect(modelNotice({ ...base, state }, false)).toMatchObject({
        kind: 'preparing',
        downloading: false,
        title: 'The model is loading.',
        percent: null,
      });
    }
  });

  it('says nothing while the model rests out of memory, and that it loads once a request is sent', () => {
    expect(modelNotice({ ...base, state: 'unloaded' }, false)).toBeNull();
    expect(modelNotice({ ...base, state: 'unloaded' }, true)).toMatchObject({
      kind: 'preparing',
      title: 'The model is loading.',
      detail: 'Your request starts as soon as the model is ready.',
    });
  });

  it('says in plain words that no model is available yet, with why and the advice for the administrator', () => {
    const failed = modelNotice(
      {
        ...base,
        state: 'failed',
        reason: 'the model could not be downloaded from huggingface.co (ENOTFOUND)',
        advice: 'Check the network.',
        retry: 'automatic',
        retryAt: '2030-01-01T00:00:00.000Z',
      },
      false,
    );
    expect(failed).toEqual({
      kind: 'failed',
      title: 'The AI model is not available yet. Your administrator has been told how to fix it.',
      retry: 'Sending a request tries again now.',
      reason: 'No AI model is available: the model could not be downloaded from huggingface.co (ENOTFOUND).',
      advice: 'Check the network.',
    });
    expect(
      modelNotice({ ...base, state: 'failed', reason: 'Bad.', retry: 'on-request' }, false),
    ).toMatchObject({
      title: MODEL_MISSING_TITLE,
      reason: 'No AI model is available: Bad.',
      advice: null,
      retry: 'Sending a request tries again.',
    });
    expect(modelNotice({ ...base, state: 'failed', retry: 'never' }, false)).toMatchObject({
      title: MODEL_MISSING_TITLE,
      reason: 'No AI model is available.',
      retry: null,
    });
  });

  it("says the same for a request refused for want of a model, the server's message as the detail", () => {
    expect(modelMissingNotice('No AI model is available: gone. Configure a provider.')).toEqual({
      kind: 'failed',
      title: MODEL_MISSING_TITLE,
      retry: null,
      reason: 'No AI model is available: gone. Configure a provider.',
      advice: null,
    });
    expect(modelMissingNotice(undefined)).toMatchObject({ reason: 'No AI model is available.' });
  });
});
