import type { GlobalToken } from 'antd';
import type { ChartTone } from './types';

/**
 * The series colours, from the theme's tokens so that each theme (light or dark) gets its own
 * shades: brand first, then the status and preset colours, which antd tunes per algorithm.
 */
export function seriesColours(token: GlobalToken): string[] {
  return [token.colorPrimary, token.colorLink, token.colorSuccess, token.colorWarning, token.cyan, token.purple, token.colorError, token.gold];
}

/** A category's colour by what it means: the theme's success, error, or its quiet grey. */
export function toneColour(token: GlobalToken, tone: ChartTone): string {
  if (tone === 'success') return token.colorSuccess;
  if (tone === 'error') return token.colorError;
  return token.colorTextQuaternary;
}
