import { type JobMatchReport, jobMatchReportSchema } from '#shared/job-match-report';

/**
 * The resume assistant's job match report from a reply (the `done` event, the JSON reply, a saved
 * chat), checked against the shared schema; null for anything else (no job description, an older
 * server, a broken payload), and the screen then shows the resume alone.
 */
export function toMatchReport(value: unknown): JobMatchReport | null {
  if (value === null || value === undefined) return null;
  const parsed = jobMatchReportSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
