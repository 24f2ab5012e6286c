import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config/config';
import { createUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { providerEnv } from '#tests/helpers/generation-calls';
import { metricValue, parseMetrics, type Sample } from '#tests/helpers/metrics-text';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

const TOKEN = 'metrics-token-0123456789abcdef';
const ANSWER = 'Four words in reply.'; // the fake streams it in 4 pieces and reports 10 + 4 tokens

describe.each(testDatabaseKinds())('GET /metrics (%s)', (kind) => {
  let fake: FakeOpenAiServer;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ text: ANSWER });
    // One generation on the free plan, two tool calls a minute: the third call meets each limit in turn.
    t = await createTestApp(kind, {
      ...providerEnv(fake.url),
      METRICS_TOKEN: TOKEN,
      FREE_GENERATIONS_PER_MONTH: '1',
      AI_RATE_LIMIT_PER_USER: '2',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const scrape = async (): Promise<Sample[]> => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return parseMetrics(res.body);
  };
  /** How much each sample moved while `act` ran (missing before counts as 0). */
  const during = async (act: () => Promise<unknown>) => {
    const before = await scrape();
    await act();
    const after = await scrape();
    return (name: string, labels: Record<string, string> = {}) =>
      (metricValue(after, name, labels) ?? 0) - (metricValue(before, name, labels) ?? 0);
  };

  it('needs the bearer token when METRICS_TOKEN is set, and answers in the text format', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'unauthorized:metrics', message: expect.stringContaining('METRICS_TOKEN') },
      });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('draftsmith_');
    }
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.body).toContain('# TYPE draftsmith_http_requests_total counter');
    expect(res.body).toContain('# TYPE draftsmith_http_request_duration_seconds histogram');
    // The process's default metrics, under the same prefix.
    expect(metricValue(parseMetrics(res.body), 'draftsmith_process_resident_memory_bytes')).toBeGreaterThan(
      0,
    );
  });

  it('counts requests by method, route pattern (never the raw URL) and status', async () => {
    const moved = await during(async () => {
      await t.app.inject({ url: '/api/health' });
      await t.app.inject({ url: '/api/health' });
      await t.app.inject({ url: '/api/uploads/raw-key-never-a-label.png' });
      await t.app.inject({ url: '/api/no-such-route-here' });
      await t.app.inject({ url: '/api/users/%zz' }); // refused by the router itself
    });
    const health = { method: 'GET', route: '/api/health', status_code: '200' };
    expect(moved('draftsmith_http_requests_total', health)).toBe(2);
    expect(moved('draftsmith_http_request_duration_seconds_count', health)).toBe(2);
    expect(moved('draftsmith_http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(2);
    expect(moved('draftsmith_http_requests_total', { route: '/api/uploads/:key', status_code: '404' })).toBe(
      1,
    );
    expect(moved('draftsmith_http_requests_total', { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(moved('draftsmith_http_requests_total', { route: 'unmatched', status_code: '400' })).toBe(1);
    const routes = new Set((await scrape()).map((s) => s.labels.route).filter(Boolean));
    for (const route of routes) expect(route).not.toMatch(/raw-key|no-such-route|%zz/);
  });

  it('counts a generation (outcome, tokens, times), then a quota refusal and a rate-limit refusal', async () => {
    const user = await createUser(t.app);
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/generate-article',
        headers: user.headers,
        payload: { topic: 'Metrics' },
      });
    const tool = { tool: 'article-generator' };

    let moved = await during(async () => expect((await call()).statusCode).toBe(200));
    expect(moved('draftsmith_generations_total', { ...tool, outcome: 'complete' })).toBe(1);
    expect(moved('draftsmith_generations_total', { ...tool, outcome: 'failed' })).toBe(0);
    expect(moved('draftsmith_ai_tokens_total', { ...tool, type: 'input' })).toBe(10);
    expect(moved('draftsmith_ai_tokens_total', { ...tool, type: 'output' })).toBe(4);
    expect(moved('draftsmith_generation_time_to_first_token_seconds_count', tool)).toBe(1);
    expect(moved('draftsmith_generation_duration_seconds_count', { ...tool, outcome: 'complete' })).toBe(1);
    expect(
      moved('draftsmith_http_requests_total', { route: '/api/generate-article', status_code: '200' }),
    ).toBe(1);

    moved = await during(async () => {
      const res = await call();
      expect(res.statusCode).toBe(402);
      expect(res.json().error.code).toBe('payment_required:quota');
    });
    expect(moved('draftsmith_quota_refusals_total', { quota: 'generations' })).toBe(1);
    expect(moved('draftsmith_generations_total', { ...tool, outcome: 'complete' })).toBe(0);

    moved = await during(async () => {
      const res = await call();
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('rate_limit:tool_calls');
    });
    expect(moved('draftsmith_rate_limit_refusals_total', { surface: 'tool_calls' })).toBe(1);
    expect(moved('draftsmith_quota_refusals_total', { quota: 'generations' })).toBe(0);
    expect(
      moved('draftsmith_http_requests_total', { route: '/api/generate-article', status_code: '429' }),
    ).toBe(1);
  });

  it('reads the gauges on each scrape: running generations, the model’s line, the database pool', async () => {
    const samples = await scrape();
    expect(metricValue(samples, 'draftsmith_generations_running')).toBe(0);
    expect(metricValue(samples, 'draftsmith_ai_queue_generations', { state: 'waiting' })).toBe(0);
    expect(metricValue(samples, 'draftsmith_ai_queue_generations', { state: 'running' })).toBe(0);
    // Every tool and outcome is there from the start, so a rate over them is defined at once.
    expect(
      metricValue(samples, 'draftsmith_generations_total', { tool: 'code-explainer', outcome: 'dropped' }),
    ).toBe(0);
    const max = metricValue(samples, 'draftsmith_db_pool_connections', { state: 'max' });
    if (kind === 'postgres') {
      expect(max).toBe(10);
      expect(metricValue(samples, 'draftsmith_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(metricValue(samples, 'draftsmith_db_pool_waiting_queries')).toBe(0);
    } else {
      // PGlite is one connection inside the process: there is no pool to report.
      expect(max).toBeUndefined();
      expect(metricValue(samples, 'draftsmith_db_pool_waiting_queries')).toBeUndefined();
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('is open (the operator keeps it off the public proxy), on a registry of this app’s own', async () => {
    await t.app.inject({ url: '/api/config' });
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    const samples = parseMetrics(res.body);
    // A fresh app in a process that built others: its counts are its own.
    expect(
      metricValue(samples, 'draftsmith_http_requests_total', { route: '/api/config', status_code: '200' }),
    ).toBe(1);
    expect(metricValue(samples, 'draftsmith_http_requests_total', { route: '/api/health' })).toBeUndefined();
  });

  it('refuses a METRICS_TOKEN that is too short or holds spaces, at start', () => {
    for (const METRICS_TOKEN of ['short', 'sixteen chars but spaced']) {
      expect(() => loadConfig({ METRICS_TOKEN })).toThrow(ConfigError);
      expect(() => loadConfig({ METRICS_TOKEN })).toThrow(/METRICS_TOKEN: must/);
    }
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
  });
});
