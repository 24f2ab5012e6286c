/** The longest part of a slug taken from the team's name. */
const NAME_PART_MAX = 40;

/**
 * A team's slug: its name in lower-case letters and digits joined by hyphens, plus a short random
 * suffix so that two teams of the same name never collide ('Acme Writers' → 'acme-writers-4f9k2q').
 */
export function teamSlug(name: string, suffix = randomSuffix()): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, NAME_PART_MAX)
    .replace(/-+$/, '');
  return base ? `${base}-${suffix}` : `team-${suffix}`;
}

/** Six characters of [0-9a-z] from the browser's random source. */
export function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join('');
}
