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

  it('masks the value of any secret-named assignment, and GitHub, Slack and GitLab token shapes', () => {
    const ghp = `ghp_${'A1b2'.repeat(9)}`;
    expect(redactForDisplay(`fetch failed: token=${ghp}&x=1`)).toBe('fetch failed: token=[redacted]&x=1');
    expect(redactForDisplay('key=abc secret=s3 password=hunter2 apikey=k1 access_token=t1')).toBe(
      'key=[redacted] secret=[redacted] password=[redacted] apikey=[redacted] access_token=[redacted]',
    );
    expect(redactForDisplay('AI_API_KEY=plain-value, HF_TOKEN="quoted value" (client_secret=abc)')).toBe(
      'AI_API_KEY=[redacted], HF_TOKEN="[redacted]" (client_secret=[redacted])',
    );
    expect(redactForDisplay('{"password":"hunter2","api_key": "k-1"}')).toBe(
      '{"password":"[redacted]","api_key": "[redacted]"}',
    );
    expect(redactForDisplay(`bad credentials ${ghp}`)).toBe('bad credentials [redacted]');
    expect(redactForDisplay(`pat github_pat_${'11ABCDEFG0'.repeat(4)}_${'x'.repeat(20)} refused`)).toBe(
      'pat [redacted] refused',
    );
    expect(redactForDisplay('slack xoxb-1234567890-abcdefghij and xoxp-0987654321-zyx')).toBe(
      'slack [redacted] and [redacted]',
    );
    expect(redactForDisplay(`gitlab glpat-${'a1B2c3D4e5'.repeat(2)}.`)).toBe('gitlab [redacted].');
  });

  it('reduces a path after any delimiter, a single-slash file URL, a URL with a space and bare credentials', () => {
    expect(redactForDisplay('path:/srv/secret/models/a.gguf')).toBe('path:a.gguf');
    expect(redactForDisplay('model=/srv/secret/a.gguf (/srv/secret/b.gguf) "/srv/c.gguf"')).toBe(
      'model=a.gguf (b.gguf) "c.gguf"',
    );
    expect(redactForDisplay("'/srv/secret/d.gguf'")).toBe("'d.gguf'");
    expect(redactForDisplay('open file:/srv/secret/a.gguf failed')).toBe('open a.gguf failed');
    expect(redactForDisplay('from user:pass@host:8080/models/a.gguf?x=1 failed')).toBe(
      'from host:8080/…/a.gguf failed',
    );
    expect(redactForDisplay('at https://u:p@cdn.test/secret dir/models/a.gguf?token=abc, then')).toBe(
      'at https://cdn.test/…/a.gguf, then',
    );
    expect(redactForDisplay('see https://cdn.test/a.gguf for details')).toBe(
      'see https://cdn.test/a.gguf for details',
    );
  });

  it('leaves ordinary text alone', () => {
    const plain = [
      'AI model is downloading (42 %)',
      'checksum mismatch: expected sha256 ab12, got cd34',
      'the model could not be downloaded from cdn.example.test (ECONNREFUSED)',
      'content type application/json, 3/4 done, and/or',
      'No API route for GET',
      'Incorrect API key: check the AI_API_KEY setting',
      'max_tokens=2048, keys=3 at 12:30',
      'write to ada@example.test',
    ];
    for (const text of plain) expect(redactForDisplay(text)).toBe(text);
  });
});
