import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Every metric's name starts with this (Prometheus: one prefix per application). */
export const METRIC_PREFIX = 'draftsmith_';

/** What the collectors read on each scrape (this process's state at that moment). */
export interface MetricSources {
  /** Generations running in this process (waiting for the model included). */
  runningGenerations(): number;
  /** The local model's line: generations running on it and waiting for it; null for a remote provider. */
  modelQueue(): { running: number; waiting: number } | null;
  /** The PostgreSQL pool; left out with the embedded PGlite (one connection in the process, no pool). */
  databasePool?: () => PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

let processRegistry: Registry | undefined;

/**
 * The process's own figures (CPU, memory, event-loop delay, garbage collection), collected once per
 * process however many apps it builds: prom-client's default collectors cannot be stopped, so a set per
 * app kept every app a test worker built alive, each with its GC observer and a 10 ms timer.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: METRIC_PREFIX });
  }
  return processRegistry;
}

/**
 * Every metric in one place, on a registry of its own (one per app: tests build many apps in one
 * process, and the global registry would see each name twice); a scrape adds the process's figures.
 * Names and labels are in docs/operations.md ("Metrics"). Labels are bounded: route patterns, never raw
 * URLs; tool slugs; fixed outcome words.
 */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  const processFigures = processMetrics();
  const registers = [registry];
  const name = (suffix: string) => `${METRIC_PREFIX}${suffix}`;

  if (sources.databasePool) poolGauges(name, registers, sources.databasePool);

  return {
    registry,
    /** The scrape's text: the process's figures, then this app's. */
    scrape: () => Registry.merge([processFigures, registry]).metrics(),
    httpRequests: new Counter({
      name: name('http_requests_total'),
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: name('http_request_duration_seconds'),
      help: 'Time from a request’s arrival to the end of its answer (a stream included), in seconds.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    }),
    generations: new Counter({
      name: name('generations_total'),
      help: 'Generations ended, by tool and outcome (complete, stopped, dropped, rejected, failed).',
      labelNames: ['tool', 'outcome'] as const,
      registers,
    }),
    timeToFirstToken: new Histogram({
      name: name('generation_time_to_first_token_seconds'),
      help: 'From a generation’s start (the wait for the model included) to the model’s first token, in seconds.',
      labelNames: ['tool'] as const,
      buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120],
      registers,
    }),
    generationDuration: new Histogram({
      name: name('generation_duration_seconds'),
      help: 'From a generation’s start to its end (its chat saved), by tool and outcome, in seconds.',
      labelNames: ['tool', 'outcome'] as const,
      buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600],
      registers,
    }),
    tokens: new Counter({
      name: name('ai_tokens_total'),
      help: 'Tokens the AI provider reported using, by tool and type (input: the prompts, output: the answers).',
      labelNames: ['tool', 'type'] as const,
      registers,
    }),
    quotaRefusals: new Counter({
      name: name('quota_refusals_total'),
      help: 'Calls refused by a plan or storage quota: generations (402 payment_required:quota) or history (413).',
      labelNames: ['quota'] as const,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: name('rate_limit_refusals_total'),
      help: 'Calls refused with 429, by the limit’s surface (sign_in, tool_calls, generations, …).',
      labelNames: ['surface'] as const,
      registers,
    }),
    runningGenerations: new Gauge({
      name: name('generations_running'),
      help: 'Generations running in this process (those waiting for the model included).',
      registers,
      collect() {
        this.set(sources.runningGenerations());
      },
    }),
    modelQueue: new Gauge({
      name: name('ai_queue_generations'),
      help: 'The local model’s line: generations running on it and waiting for a turn (0 with a remote provider).',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const queue = sources.modelQueue();
        this.set({ state: 'running' }, queue?.running ?? 0);
        this.set({ state: 'waiting' }, queue?.waiting ?? 0);
      },
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The PostgreSQL pool's use, read on each scrape. */
function poolGauges(name: (suffix: string) => string, registers: Registry[], pool: () => PoolStats): void {
  new Gauge({
    name: name('db_pool_connections'),
    help: 'PostgreSQL pool connections: open (total), idle, and the pool’s maximum (max).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const { total, idle, max } = pool();
      this.set({ state: 'total' }, total);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'max' }, max);
    },
  });
  new Gauge({
    name: name('db_pool_waiting_queries'),
    help: 'Queries waiting for a free PostgreSQL pool connection.',
    registers,
    collect() {
      this.set(pool().waiting);
    },
  });
}
