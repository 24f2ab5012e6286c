/**
 * A team's name and slug rules, the same on the form and on the server (better-auth's
 * organization/create and update, checked before it runs). Free of zod: the team pages load it.
 */
export const TEAM_NAME_MAX = 60;
export const TEAM_SLUG_MAX = 64;
/** Lower-case letters and digits in hyphen-separated parts: 'acme-writers-4f9k2q'. */
export const TEAM_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What is wrong with a team name, or null. One line of text: it is written into invitation mails. */
export function teamNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Please enter a name for the team.';
  if (trimmed.length > TEAM_NAME_MAX) return `A team name can be at most ${TEAM_NAME_MAX} characters.`;
  if (/\p{Cc}/u.test(trimmed)) return 'A team name must be one line of text.';
  return null;
}

/** What is wrong with a team slug, or null. */
export function teamSlugError(slug: string): string | null {
  if (slug.length === 0 || slug.length > TEAM_SLUG_MAX || !TEAM_SLUG_PATTERN.test(slug)) {
    return `A team's slug is lower-case letters and digits joined by hyphens, at most ${TEAM_SLUG_MAX} characters.`;
  }
  return null;
}
