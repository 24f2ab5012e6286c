/** What a component (the AI model, …) reports to GET /api/health. */
export interface ComponentHealth {
  /** The coarse state anyone may see: no names, sources, reasons, addresses or paths. */
  summary: Record<string, unknown>;
  /** Added for signed-in callers only; already redacted for display (the full story is in the log). */
  details?: Record<string, unknown>;
}

export type HealthProbe = () => ComponentHealth | Promise<ComponentHealth>;
