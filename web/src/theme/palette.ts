export const PRIMARY = '#4f46e5';
export const SECONDARY = '#ec4899';
/** The brand indigo light enough for text on the dark theme's backgrounds. */
export const PRIMARY_ON_DARK = '#a5b4fc';
/** The brand pink light enough for text on the dark theme's backgrounds. */
export const SECONDARY_ON_DARK = '#f9a8d4';
/** The brand pink dark enough for text on white (6:1). */
export const SECONDARY_ON_LIGHT = '#be185d';
export const THEME_KEY = 'theme';

export type ThemeMode = 'light' | 'dark';

export function storedOrSystemMode(): ThemeMode {
  const stored = localStorage.getItem(THEME_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  const prefersDark = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  return prefersDark ? 'dark' : 'light';
}
