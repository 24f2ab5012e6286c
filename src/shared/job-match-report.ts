import { z } from 'zod';

/**
 * The resume assistant's job match report as the API returns it and a saved chat keeps it. Apart from
 * the builder (job-match.ts) so that the web app, which only shows reports, never loads the skill
 * dictionary.
 */

export const jobMatchTermSchema = z.object({
  term: z.string(),
  kind: z.enum(['skill', 'keyword']),
  inOriginal: z.boolean(),
  inOptimized: z.boolean(),
});

const score = z.number().int().min(0).max(100);

export const jobMatchReportSchema = z.object({
  /** What the job asks for, the most important first (requirements and repeated terms before nice-to-haves). */
  terms: z.array(jobMatchTermSchema),
  /** The weighted share of the terms each resume shows, 0–100. */
  originalScore: score,
  optimizedScore: score,
  /** Terms the original resume does not show: for the person to fill in, never filled in by the assistant. */
  gaps: z.array(z.string()),
  /**
   * Terms and skills the optimized resume shows that the original did not: to double-check, since the
   * assistant must not invent skills (a rewording such as 'JS' → 'JavaScript' is not counted).
   */
  added: z.array(z.string()),
});

export type JobMatchTerm = z.infer<typeof jobMatchTermSchema>;
export type JobMatchReport = z.infer<typeof jobMatchReportSchema>;
