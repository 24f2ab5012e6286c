/** One sample of a Prometheus text exposition: its name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([A-Za-z_:][A-Za-z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([A-Za-z_][A-Za-z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Every sample of a `/metrics` body (comments skipped). */
export function parseMetrics(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = SAMPLE.exec(line);
    if (!match || line.startsWith('#')) return [];
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL))
      if (key) labels[key] = (value ?? '').replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    return [{ name: match[1] ?? '', labels, value: Number(match[3]) }];
  });
}

/** The value of the sample with this name and (at least) these labels; undefined when there is none. */
export function metricValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samples.find(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  )?.value;
}
