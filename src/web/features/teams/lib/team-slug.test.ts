import { describe, expect, it } from 'vitest';
import { randomSuffix, teamSlug } from './team-slug.ts';

describe('teamSlug', () => {
  it('joins the name’s words in lower case with hyphens, then the suffix', () => {
    expect(teamSlug('Acme Writers', 'x1y2z3')).toBe('acme-writers-x1y2z3');
    expect(teamSlug('  R&D — Team #2!  ', 'abc123')).toBe('r-d-team-2-abc123');
  });

  it('drops accents and keeps a name without letters usable', () => {
    expect(teamSlug('Équipe Café', 'q')).toBe('equipe-cafe-q');
    expect(teamSlug('日本チーム', 'q')).toBe('team-q');
  });

  it('keeps the name’s part short, without a trailing hyphen', () => {
    const slug = teamSlug(`${'word '.repeat(20)}end`, 's');
    expect(slug.length).toBeLessThanOrEqual(42);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*-s$/);
  });
});

describe('randomSuffix', () => {
  it('is six lower-case letters or digits, different each time', () => {
    const a = randomSuffix();
    expect(a).toMatch(/^[0-9a-z]{6}$/);
    expect(new Set(Array.from({ length: 20 }, randomSuffix)).size).toBeGreaterThan(15);
  });
});
