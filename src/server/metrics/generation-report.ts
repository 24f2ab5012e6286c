/**
 * How a generation ended: `complete` or `stopped` (its chat saved), `dropped` (its client left while
 * it waited for the model: nothing saved), `rejected` (refused for its request, e.g. too long for the
 * model), `failed` (the provider, the model or the server failed).
 */
export type GenerationEnding = 'complete' | 'stopped' | 'dropped' | 'rejected' | 'failed';

/** One ended generation, as the metrics count it (generation/generation-report.ts makes it). */
export interface GenerationReport {
  tool: string;
  outcome: GenerationEnding;
  seconds: number;
  /** From its start to the model's first token; null when the model produced none. */
  firstTokenSeconds: number | null;
  /** The tokens its model calls used where the provider reported them; null when it reported none. */
  tokens: { input: number; output: number } | null;
}

/** Told of every generation that ends (app.metrics in the app). */
export interface GenerationObserver {
  ended(report: GenerationReport): void;
}
