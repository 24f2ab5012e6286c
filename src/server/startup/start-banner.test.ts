import { describe, expect, it } from 'vitest';
import type { AiStatus } from '#shared/ai-status';
import { aiLines, type BannerSnapshot, bannerLines, progressBar } from './start-banner.ts';

const plain = { width: 100, color: false };
const model = 'Qwen2.5 1.5B Instruct (Q4_K_M)';
const MB = 1024 * 1024;

function snapshot(overrides: Partial<BannerSnapshot> = {}): BannerSnapshot {
  return {
    open: ['http://localhost:3000'],
    listening: [],
    dataDir: '/srv/draftsmith/data',
    database: { kind: 'pglite' },
    ai: { provider: 'local', model, state: 'idle' },
    ...overrides,
  };
}

const downloading: AiStatus = {
  provider: 'local',
  model,
  state: 'downloading',
  percent: 45,
  receivedBytes: 480 * MB,
  totalBytes: 1066 * MB,
};

describe('bannerLines', () => {
  it('shows the address, the data, the database and the model downloading, with the next step', () => {
    expect(bannerLines(snapshot({ ai: downloading, bytesPerSecond: 12.5 * MB }), plain)).toEqual([
      'Draftsmith is running (Ctrl+C to stop)',
      '  Open      http://localhost:3000',
      '  Data      /srv/draftsmith/data',
      '  Database  embedded PostgreSQL (PGlite), in DATA_DIR',
      `  AI        local · ${model}`,
      '            downloading [#########-----------] 45 %  480.0 / 1066.0 MB  12.5 MB/s',
      '  Next      You can sign up now: the tools answer once the model is ready.',
    ]);
  });

  it('lists every address for 0.0.0.0, and PUBLIC_URL first when it is set', () => {
    const urls = ['http://localhost:3000', 'http://192.168.1.20:3000'];
    expect(bannerLines(snapshot({ open: urls }), plain).slice(1, 3)).toEqual([
      '  Open      http://localhost:3000',
      '            http://192.168.1.20:3000',
    ]);
    const proxied = snapshot({ open: ['https://drafts.example.com'], listening: urls });
    expect(bannerLines(proxied, plain).slice(1, 4)).toEqual([
      '  Open      https://drafts.example.com',
      '  Listening http://localhost:3000',
      '            http://192.168.1.20:3000',
    ]);
  });

  it('says where PostgreSQL is (no password) and where the files stay', () => {
    const lines = bannerLines(
      snapshot({ database: { kind: 'postgres', location: 'db.internal:5432/drafts' } }),
      plain,
    );
    expect(lines.slice(2, 4)).toEqual([
      '  Data      PostgreSQL at db.internal:5432/drafts; files in /srv/draftsmith/data',
      '  Database  PostgreSQL',
    ]);
  });

  it('says where the log file is when the log on the terminal leaves requests to it', () => {
    const lines = bannerLines(snapshot({ logFile: '/srv/draftsmith/data/logs/server.log' }), plain);
    expect(lines.slice(2, 5)).toEqual([
      '  Data      /srv/draftsmith/data',
      '  Database  embedded PostgreSQL (PGlite), in DATA_DIR',
      '  Log       /srv/draftsmith/data/logs/server.log (requests included)',
    ]);
  });

  it('shows a remote provider ready, with no next step', () => {
    const ai: AiStatus = { provider: 'openai', model: 'gpt-4o-mini', state: 'ready' };
    expect(aiLines(snapshot({ ai }), plain)).toEqual([
      '  AI        openai · gpt-4o-mini',
      '            ready',
    ]);
  });

  it('shows each state of the local model', () => {
    const state = (ai: Partial<AiStatus>) =>
      aiLines(snapshot({ ai: { provider: 'local', model, ...ai } as AiStatus }), plain)[1];
    expect(state({ state: 'idle' })).toBe('            starting…');
    expect(state({ state: 'loading' })).toBe('            loading into memory…');
    expect(state({ state: 'unloaded' })).toBe('            ready (loads into memory on first use)');
    expect(aiLines(snapshot({ ai: { provider: 'local', model, state: 'unloaded' } }), plain)).toHaveLength(2);
    expect(state({ state: 'downloading', receivedBytes: 3 * MB })).toBe('            downloading  3.0 MB');
    // No percent yet (first bytes) but a known size: the bar comes from the sizes.
    expect(state({ state: 'downloading', receivedBytes: 0, totalBytes: 1066 * MB })).toBe(
      '            downloading [--------------------] 0 %  0.0 / 1066.0 MB',
    );
  });

  it('shows a failure with its reason, when it is tried again and the advice, wrapped to the width', () => {
    const retryAt = new Date(2026, 10, 23, 14, 3, 20).toISOString();
    const ai: AiStatus = {
      provider: 'local',
      model,
      state: 'failed',
      reason: 'the model could not be downloaded from huggingface.co (ENOTFOUND)',
      retry: 'automatic',
      retryAt,
      advice:
        'Check that the server can reach the download address (network, proxy, firewall). Or set LOCAL_MODEL to a .gguf file on the server, or AI_PROVIDER and its API key (e.g. OPENAI_API_KEY), then restart the server.',
    };
    const lines = aiLines(snapshot({ ai }), { width: 80, color: false });
    expect(lines).toEqual([
      `  AI        local · ${model}`,
      '            failed: the model could not be downloaded from huggingface.co',
      '            (ENOTFOUND) (tried again at 14:03:20)',
      '  Next      Check that the server can reach the download address (network,',
      '            proxy, firewall). Or set LOCAL_MODEL to a .gguf file on the server,',
      '            or AI_PROVIDER and its API key (e.g. OPENAI_API_KEY), then restart',
      '            the server.',
    ]);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    const never = aiLines(snapshot({ ai: { ...ai, retry: 'never', retryAt: undefined } }), plain);
    expect(never[1]).toBe(
      '            failed: the model could not be downloaded from huggingface.co (ENOTFOUND)',
    );
    const onRequest = aiLines(snapshot({ ai: { ...ai, retry: 'on-request', retryAt: undefined } }), plain);
    expect(onRequest.slice(1, 3).map((line) => line.trim())).toEqual([
      'failed: the model could not be downloaded from huggingface.co (ENOTFOUND) (tried again',
      'when a tool is used)',
    ]);
  });

  it('cuts a word longer than the line (a deep path) instead of overflowing', () => {
    const dataDir = `/${'very-long-directory-name/'.repeat(6)}data`;
    const lines = bannerLines(snapshot({ dataDir }), { width: 60, color: false });
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
    const start = lines.findIndex((line) => line.startsWith('  Data'));
    const end = lines.findIndex((line) => line.startsWith('  Database'));
    expect(
      lines
        .slice(start, end)
        .map((line) => line.slice(12))
        .join(''),
    ).toBe(dataDir);
  });

  it('colours only when asked', () => {
    const coloured = bannerLines(snapshot({ ai: downloading }), { width: 100, color: true });
    expect(coloured.join('\n')).toContain('\x1b[36mhttp://localhost:3000\x1b[0m');
    expect(coloured.join('\n')).toContain('\x1b[33mdownloading');
    expect(bannerLines(snapshot({ ai: downloading }), plain).join('\n')).not.toContain('\x1b[');
  });
});

describe('progressBar', () => {
  it('fills 20 cells in proportion, clamped', () => {
    expect(progressBar(0)).toBe('[--------------------]');
    expect(progressBar(50)).toBe('[##########----------]');
    expect(progressBar(100)).toBe('[####################]');
    expect(progressBar(140)).toBe('[####################]');
  });
});
