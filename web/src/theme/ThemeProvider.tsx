import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider, theme as antTheme, type ThemeConfig } from 'antd';
// The ES module build: antd/locale/es_ES is its CommonJS build, which drags in the CommonJS
// copies of the date picker's and pagination's locales.
import esES from 'antd/es/locale/es_ES';
import { ThemeContext, type ThemeContextValue } from './context';
import { PRIMARY, PRIMARY_ON_DARK, SECONDARY, SECONDARY_ON_DARK, SECONDARY_ON_LIGHT, THEME_CLASS, THEME_COOKIE, THEME_KEY, storedOrSystemMode, type ThemeMode } from './palette';

/**
 * antd's status colours are too light for text on white (its red 3.3:1, green 2.3:1, orange
 * 3.6:1) and for white text on them (danger buttons): deeper shades, 5:1 and more both ways.
 * The dark theme's own shades read well on its dark backgrounds.
 */
const STATUS_ON_LIGHT = {
  colorError: '#cf1322',
  colorErrorText: '#cf1322',
  colorSuccessText: '#237804',
  colorWarningText: '#ad4e00',
} as const;

/**
 * On the dark theme antd's red reads at 4.3:1 as text: a lighter one (7:1), on which a danger
 * button's label is dark (see Button below), as white on it would not read.
 */
const STATUS_ON_DARK = {
  colorError: '#ff7875',
  colorErrorText: '#ff7875',
} as const;

function themeConfig(mode: ThemeMode): ThemeConfig {
  return {
    cssVar: { key: THEME_CLASS },
    algorithm: mode === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
    token: {
      colorPrimary: PRIMARY,
      // Processing tags and info alerts draw text in it: on the dark theme the brand indigo is too dark.
      colorInfo: mode === 'dark' ? PRIMARY_ON_DARK : PRIMARY,
      // antd's secondary text and the brand pink are too faint to read on white (WCAG AA asks
      // 4.5:1): links take a deeper pink on light backgrounds, secondary text more ink.
      colorLink: mode === 'dark' ? SECONDARY_ON_DARK : SECONDARY_ON_LIGHT,
      colorTextSecondary: mode === 'dark' ? 'rgba(255, 255, 255, 0.68)' : 'rgba(0, 0, 0, 0.64)',
      colorTextDescription: mode === 'dark' ? 'rgba(255, 255, 255, 0.68)' : 'rgba(0, 0, 0, 0.64)',
      // Description-list labels and other tertiary text: antd's 0.45 reads at about 2.5:1.
      colorTextTertiary: mode === 'dark' ? 'rgba(255, 255, 255, 0.62)' : 'rgba(0, 0, 0, 0.6)',
      // antd's placeholders read at 1.8:1 (light) and 2.2:1 (dark); a select's placeholder is its label.
      colorTextPlaceholder: mode === 'dark' ? 'rgba(255, 255, 255, 0.5)' : 'rgba(0, 0, 0, 0.56)',
      ...(mode === 'light' ? STATUS_ON_LIGHT : STATUS_ON_DARK),
      // Text fields show focus with a ring of this colour: 3:1 and more against the page.
      controlOutline: mode === 'dark' ? PRIMARY_ON_DARK : PRIMARY,
      controlOutlineWidth: 2,
      borderRadius: 10,
      fontFamily:
        "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    },
    components: {
      Badge: { colorError: SECONDARY },
      // antd draws a button's drop shadow in controlOutline, now the strong focus colour: none.
      Button: { primaryShadow: 'none', defaultShadow: 'none', dangerShadow: 'none', ...(mode === 'dark' ? { dangerColor: '#141414' } : {}) },
      // An empty table's text is drawn in the disabled colour (1.8:1): it is content, not a disabled control.
      Table: { colorTextDisabled: mode === 'dark' ? 'rgba(255, 255, 255, 0.62)' : 'rgba(0, 0, 0, 0.6)' },
      // On dark backgrounds the brand indigo is too dark to read as text (WCAG AA asks
      // 4.5:1): selected menu items and tabs use a lighter shade of it.
      Menu: mode === 'dark' ? { itemPaddingInline: 14, horizontalItemSelectedColor: PRIMARY_ON_DARK, itemSelectedColor: PRIMARY_ON_DARK } : { itemPaddingInline: 14 },
      Tabs: mode === 'dark' ? { itemSelectedColor: PRIMARY_ON_DARK, itemActiveColor: PRIMARY_ON_DARK, itemHoverColor: PRIMARY_ON_DARK, inkBarColor: PRIMARY_ON_DARK } : {},
      Layout: mode === 'dark' ? { headerBg: '#141414', bodyBg: '#0b0b12', footerBg: '#141414' } : { headerBg: '#ffffff', bodyBg: '#f5f5fb', footerBg: '#ffffff' },
    },
  };
}

/**
 * The portal's base text style (the theme's colour, size, line height and font), as antd's App
 * component gave it. That component also brings the message, notification and confirm APIs,
 * which only the signed-in pages use: layout/SignedInArea wraps those in it.
 */
function AppFrame({ children }: { children: ReactNode }) {
  // The theme's variables rather than its values: the prerendered page is the same in both modes.
  return <div className={`${THEME_CLASS} app-frame`}>{children}</div>;
}

export function ThemeProvider({ children, initialMode }: { children: ReactNode; initialMode?: ThemeMode }) {
  const [mode, setModeState] = useState<ThemeMode>(initialMode ?? storedOrSystemMode);

  const setMode = useCallback((next: ThemeMode) => {
    localStorage.setItem(THEME_KEY, next);
    document.cookie = `${THEME_COOKIE}=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
    setModeState(next);
  }, []);

  const toggle = useCallback(() => setMode(mode === 'dark' ? 'light' : 'dark'), [mode, setMode]);

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
  }, [mode]);

  const value = useMemo<ThemeContextValue>(() => ({ mode, setMode, toggle }), [mode, setMode, toggle]);
  const config = useMemo(() => themeConfig(mode), [mode]);

  return (
    <ThemeContext.Provider value={value}>
      <ConfigProvider locale={esES} theme={config}>
        <AppFrame>{children}</AppFrame>
      </ConfigProvider>
    </ThemeContext.Provider>
  );
}
