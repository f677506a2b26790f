import type { GlobalToken } from 'antd';

/**
 * The series colours, from the theme's tokens so that each theme (light or dark) gets its own
 * shades: brand first, then the status and preset colours, which antd tunes per algorithm.
 */
export function seriesColours(token: GlobalToken): string[] {
  return [token.colorPrimary, token.colorLink, token.colorSuccess, token.colorWarning, token.cyan, token.purple, token.colorError, token.gold];
}
