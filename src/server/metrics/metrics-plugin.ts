import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '#server/errors';
import { apiErrors } from '#server/openapi/route-responses';
import { METRICS_SECURITY } from '#server/openapi/security';
import { TOOL_SLUGS } from '#shared/tools';
import type { GenerationObserver } from './generation-report.ts';
import { createMetrics, type Metrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export interface AppMetrics {
  readonly registry: Metrics['registry'];
  /** One answered request (plugins/request-log.ts): its counts, its duration, and a refusal it was. */
  observeRequest(method: string, route: string, status: number, seconds: number, errorCode?: string): void;
  /** Told of every generation that ends (tools/running-generations.ts). */
  readonly generations: GenerationObserver;
}

const GENERATION_OUTCOMES = ['complete', 'stopped', 'dropped', 'rejected', 'failed'] as const;

/**
 * Prometheus metrics of this process (each instance behind a proxy is scraped on its own), served at
 * `GET /metrics` in the text exposition format. With METRICS_TOKEN set the scrape must send
 * `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); unset, it is open: keep it off the public
 * proxy. The gauges (running generations, the local model's line, the PostgreSQL pool) are read on
 * each scrape, so nothing is counted on the hot path but the requests and generations themselves.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const { poolStats } = app.database;
    const m = createMetrics({
      runningGenerations: () => app.generations.size,
      modelQueue: () => app.ai.queue(),
      ...(poolStats ? { databasePool: () => poolStats() } : {}),
    });
    // Known series start at 0, so a rate over them is defined before the first event.
    for (const tool of TOOL_SLUGS)
      for (const outcome of GENERATION_OUTCOMES) m.generations.inc({ tool, outcome }, 0);
    m.quotaRefusals.inc({ quota: 'generations' }, 0);
    m.quotaRefusals.inc({ quota: 'history' }, 0);

    app.decorate('metrics', {
      registry: m.registry,
      observeRequest(method, route, status, seconds, errorCode) {
        const labels = { method, route, status_code: status };
        m.httpRequests.inc(labels);
        m.httpDuration.observe(labels, seconds);
        if (errorCode === undefined) return;
        if (errorCode.startsWith('rate_limit:')) m.rateLimitRefusals.inc({ surface: errorCode.slice(11) });
        else if (errorCode === 'payment_required:quota') m.quotaRefusals.inc({ quota: 'generations' });
        else if (errorCode === 'payload_too_large:history_quota') m.quotaRefusals.inc({ quota: 'history' });
      },
      generations: {
        ended({ tool, outcome, seconds, firstTokenSeconds, tokens }) {
          m.generations.inc({ tool, outcome });
          m.generationDuration.observe({ tool, outcome }, seconds);
          if (firstTokenSeconds !== null) m.timeToFirstToken.observe({ tool }, firstTokenSeconds);
          if (tokens) {
            m.tokens.inc({ tool, type: 'input' }, tokens.input);
            m.tokens.inc({ tool, type: 'output' }, tokens.output);
          }
        },
      },
    } satisfies AppMetrics);

    const checkToken = metricsTokenCheck(app.config.METRICS_TOKEN);
    app.get(
      '/metrics',
      {
        schema: {
          tags: ['operations'],
          summary: 'Prometheus metrics of this instance',
          description:
            'The text exposition format (`text/plain; version=0.0.4`): requests, generations, time to first ' +
            'token, tokens, queue depth, refusals, database pool. Per process: scrape each instance. With ' +
            'METRICS_TOKEN set, 401 `unauthorized:metrics` without `Authorization: Bearer <token>`.',
          security: METRICS_SECURITY,
          response: {
            200: {
              description: 'The metrics.',
              content: { 'text/plain': { schema: z.string() } },
            },
            ...apiErrors(401),
          },
        },
      },
      async (request, reply) => {
        checkToken?.(request);
        const text = await m.scrape();
        return reply.type(m.registry.contentType).header('cache-control', 'no-store').send(text);
      },
    );
  },
  { name: 'metrics' },
);

const digest = (text: string) => createHash('sha256').update(text).digest();

/** With a token: the check of a scrape's bearer token (compared in constant time); null without one. */
function metricsTokenCheck(token: string | undefined): ((request: FastifyRequest) => void) | null {
  if (!token) return null;
  const expected = digest(token);
  return (request) => {
    const given = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
    if (given !== undefined && timingSafeEqual(digest(given), expected)) return;
    throw new AppError(
      'unauthorized:metrics',
      'The metrics need the metrics token: send Authorization: Bearer <METRICS_TOKEN>.',
      { headers: { 'www-authenticate': 'Bearer realm="metrics"' } },
    );
  };
}
