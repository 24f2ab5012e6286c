import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_MODEL, huggingFaceUrl, ModelSourceError, resolveModelSource } from './model-source.ts';

describe('resolveModelSource', () => {
  it('downloads the pinned default model into the models directory when LOCAL_MODEL is unset', () => {
    const source = resolveModelSource(undefined, undefined, '/data/models');
    expect(source).toEqual({
      kind: 'download',
      name: DEFAULT_LOCAL_MODEL.name,
      url: DEFAULT_LOCAL_MODEL.url,
      path: '/data/models/qwen2.5-1.5b-instruct-q4_k_m.gguf',
      sizeBytes: 1_117_320_736,
      sha256: DEFAULT_LOCAL_MODEL.sha256,
    });
  });

  it('uses a file path in place, relative paths from the working directory', () => {
    expect(resolveModelSource('/models/m.gguf', undefined, '/d')).toEqual({
      kind: 'file',
      name: 'm.gguf',
      path: '/models/m.gguf',
    });
    expect(resolveModelSource('models/m.gguf', undefined, '/d')).toMatchObject({
      path: resolve('models/m.gguf'),
    });
  });

  it('downloads an https URL with the given checksum, under a safe file name', () => {
    const source = resolveModelSource('https://example.test/a/My%20Model.gguf?x=1', 'ABCD', '/d');
    expect(source).toMatchObject({ kind: 'download', path: '/d/My_Model.gguf', sha256: 'abcd' });
  });

  it('turns hf: file references into Hugging Face download URLs and rejects other forms', () => {
    expect(huggingFaceUrl('hf:owner/repo/sub/file.gguf')).toBe(
      'https://huggingface.co/owner/repo/resolve/main/sub/file.gguf',
    );
    expect(() => resolveModelSource('hf:owner/repo:Q4_K_M', undefined, '/d')).toThrow(ModelSourceError);
  });
});
