/** Browser storage keys (docs/product.md §4). public/theme-init.js repeats THEME_KEY: it runs before any module. */
export const ACCESS_TOKEN_KEY = 'access-token';
export const THEME_KEY = 'theme';
/** A tool form's draft, what was typed and not yet sent, per tool in sessionStorage (docs/product.md §4). */
export const toolDraftKey = (slug: string) => `tool-draft:${slug}`;
