import { describe, expect, it } from 'vitest';
import { redactForDisplay } from './redact-for-display.ts';

describe('redactForDisplay', () => {
  it('keeps only the scheme, host and file name of a URL', () => {
    expect(
      redactForDisplay(
        'model download failed: HTTP 401 from https://me:pw@cdn.example.test:8443/org/private/m.gguf?token=s3cret#x',
      ),
    ).toBe('model download failed: HTTP 401 from https://cdn.example.test:8443/…/m.gguf');
    expect(redactForDisplay('see http://127.0.0.1:9/m.gguf?sig=abc.')).toBe('see http://127.0.0.1:9/m.gguf.');
    expect(redactForDisplay('LOCAL_MODEL URL does not name a file: https://h.test/?key=abc')).toBe(
      'LOCAL_MODEL URL does not name a file: https://h.test',
    );
    expect(redactForDisplay('(postgres://u:p@db.internal/app)')).toBe('(postgres://db.internal/app)');
    expect(redactForDisplay('open file:///srv/data/models/m.gguf')).toBe('open m.gguf');
  });

  it('reduces absolute paths to their base name', () => {
    expect(redactForDisplay('LOCAL_MODEL file not found: /srv/secret-dir/models/m.gguf')).toBe(
      'LOCAL_MODEL file not found: m.gguf',
    );
    expect(redactForDisplay("ENOENT: no such file or directory, open '/data/models/x.gguf.part'")).toBe(
      "ENOENT: no such file or directory, open 'x.gguf.part'",
    );
    expect(redactForDisplay('LOCAL_MODEL=C:\\Users\\ada\\models\\m.gguf failed')).toBe(
      'LOCAL_MODEL=m.gguf failed',
    );
    expect(redactForDisplay('at \\\\nas\\share\\m.gguf, ~/models/m.gguf and /data/models/')).toBe(
      'at m.gguf, m.gguf and models',
    );
  });

  it('keeps only the file name of an hf: reference and masks token-shaped strings', () => {
    expect(redactForDisplay('LOCAL_MODEL=hf:acme/private-repo/sub/m.gguf is not understood')).toBe(
      'LOCAL_MODEL=hf:…/m.gguf is not understood',
    );
    expect(redactForDisplay(`token hf_${'a'.repeat(34)} and sk-proj-${'b'.repeat(40)}`)).toBe(
      'token [redacted] and [redacted]',
    );
    expect(redactForDisplay('Authorization: Bearer abc.def.ghi')).toBe('Authorization: Bearer [redacted]');
  });

  it('leaves ordinary text alone', () => {
    const plain = [
      'AI model is downloading (42 %)',
      'checksum mismatch: expected sha256 ab12, got cd34',
      'the model could not be downloaded from cdn.example.test (ECONNREFUSED)',
      'content type application/json, 3/4 done, and/or',
      'No API route for GET',
    ];
    for (const text of plain) expect(redactForDisplay(text)).toBe(text);
  });
});
