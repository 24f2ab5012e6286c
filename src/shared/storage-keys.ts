/** Browser storage keys (docs/product.md §4). public/theme-init.js repeats THEME_KEY: it runs before any module. */
export const ACCESS_TOKEN_KEY = 'access-token';
export const THEME_KEY = 'theme';
