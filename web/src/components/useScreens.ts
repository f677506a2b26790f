import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { theme } from 'antd';
import { useAppRunning } from '../ssr/browserOnly';

/** antd's breakpoints, narrowest first, named as Grid.useBreakpoint names them. */
const BREAKPOINTS = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl', 'xxxl'] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];
export type Screens = Partial<Record<Breakpoint, boolean>>;

let queries: readonly string[] | null = null;

/** The media query of each breakpoint, as antd's responsive observer writes them from its design token. */
function breakpointQueries(): readonly string[] {
  if (queries === null) {
    const token = theme.getDesignToken();
    queries = [
      `(max-width: ${token.screenXSMax}px)`,
      `(min-width: ${token.screenSM}px)`,
      `(min-width: ${token.screenMD}px)`,
      `(min-width: ${token.screenLG}px)`,
      `(min-width: ${token.screenXL}px)`,
      `(min-width: ${token.screenXXL}px)`,
      `(min-width: ${token.screenXXXL}px)`,
    ];
  }
  return queries;
}

const canMatch = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/**
 * The breakpoints the window matches, as Grid.useBreakpoint answers them, but known from the
 * first render: antd's hook answers nothing until its layout effect, so a component that
 * chooses by width (a table or its cards) was built, committed and styled the wrong way first,
 * then again. Without a window (the server's render) nothing is known, as with antd's.
 */
export function useScreens(): Screens {
  const lists = useMemo(() => (canMatch() ? breakpointQueries().map((query) => window.matchMedia(query)) : []), []);
  const subscribe = useCallback(
    (onChange: () => void) => {
      for (const list of lists) list.addEventListener?.('change', onChange);
      return () => {
        for (const list of lists) list.removeEventListener?.('change', onChange);
      };
    },
    [lists],
  );
  // A string, so that an unchanged answer is the same snapshot. Nothing is known while the app
  // hydrates the page, as in the HTML; the answer comes with the render after (HydratingApp).
  const running = useAppRunning();
  const matched = useSyncExternalStore(
    subscribe,
    () => (running ? lists.map((list) => (list.matches ? '1' : '0')).join('') : ''),
    () => '',
  );
  return useMemo(() => (matched === '' ? {} : Object.fromEntries(BREAKPOINTS.map((name, index) => [name, matched[index] === '1']))), [matched]);
}
