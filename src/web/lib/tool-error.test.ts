import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { GenerationStreamError } from './generation-stream.ts';
import { toToolError } from './tool-error.ts';

describe('toToolError', () => {
  it('says "Failed to fetch results" for a non-2xx, keeping the server message as detail', () => {
    expect(toToolError(new ApiError(503, 'unavailable:ai', 'AI model is downloading (40 %)'))).toEqual({
      message: 'Failed to fetch results',
      detail: 'AI model is downloading (40 %)',
    });
    expect(toToolError(new ApiError(500, 'unknown', ''))).toEqual({
      message: 'Failed to fetch results',
    });
  });

  it("offers Upgrade when the plan's generations are used up (402)", () => {
    const message =
      'You have used all 20 generations of your Free plan this month. Upgrade for more generations.';
    expect(toToolError(new ApiError(402, 'payment_required:quota', message))).toEqual({
      message: 'Failed to fetch results',
      detail: message,
      upgrade: true,
    });
  });

  it('marks a missing model, for the model banner to say it once', () => {
    const message = 'No AI model is available: model download failed. Configure a provider: …';
    expect(toToolError(new ApiError(503, 'unavailable:model_missing', message))).toEqual({
      message: 'Failed to fetch results',
      detail: message,
      modelMissing: true,
    });
  });

  it('shows no detail for a reply without the API error body (e.g. a proxy page)', () => {
    expect(toToolError(new ApiError(502, 'unknown', 'Bad Gateway'))).toEqual({
      message: 'Failed to fetch results',
    });
  });

  it('prefixes thrown errors, stream errors included', () => {
    expect(toToolError(new TypeError('Failed to fetch'))).toEqual({
      message: 'An error occurred: Failed to fetch',
    });
    expect(toToolError(new GenerationStreamError('bad_gateway:ai', 'The AI provider failed.'))).toEqual({
      message: 'An error occurred: The AI provider failed.',
    });
  });

  it('falls back to "Unknown error"', () => {
    expect(toToolError('boom')).toEqual({ message: 'Unknown error' });
    expect(toToolError(new Error(''))).toEqual({ message: 'Unknown error' });
    expect(toToolError(undefined)).toEqual({ message: 'Unknown error' });
  });
});
