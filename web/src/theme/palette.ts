export const PRIMARY = '#4f46e5';
export const SECONDARY = '#ec4899';
/** The brand indigo light enough for text on the dark theme's backgrounds. */
export const PRIMARY_ON_DARK = '#a5b4fc';
/** The brand pink light enough for text on the dark theme's backgrounds. */
export const SECONDARY_ON_DARK = '#f9a8d4';
/** The brand pink dark enough for text on white (6:1). */
export const SECONDARY_ON_LIGHT = '#be185d';
export const THEME_KEY = 'theme';

/**
 * The class that carries the theme's CSS variables. Named here rather than drawn from React's
 * ids, so that the prerendered stylesheet (both modes' values, scripts/prerender.mjs) and the
 * app's frame, which is not an antd component, use the same one.
 */
export const THEME_CLASS = 'zc-theme';

export type ThemeMode = 'light' | 'dark';

/** The cookie that tells the server the chosen mode, so that the page it serves paints in it. */
export const THEME_COOKIE = 'theme';

/**
 * The mode the page was served in (the server writes the theme cookie's mode on <html>), else
 * the stored or the system's: a page served with the cookie starts without reading the storage.
 */
export function servedOrStoredMode(): ThemeMode {
  const served = document.documentElement.dataset.theme;
  return served === 'light' || served === 'dark' ? served : storedOrSystemMode();
}

export function storedOrSystemMode(): ThemeMode {
  // The prerender paints the light mode; the page's stylesheet follows the reader's choice.
  if (typeof localStorage === 'undefined') return 'light';
  const stored = localStorage.getItem(THEME_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  const prefersDark = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  return prefersDark ? 'dark' : 'light';
}
