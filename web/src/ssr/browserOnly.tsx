import { Suspense, use, type CSSProperties, type ReactNode } from 'react';
import { browser } from 'react-dom';

/**
 * What the prerender cannot know (the request's data, the person asking, the browser's
 * storage) renders in the browser only: React's server renderer writes the nearest Suspense
 * boundary's fallback instead and marks the boundary, and the browser renders the children
 * there without comparing them with the HTML, so hydrating reports no mismatch. In the
 * browser `use` returns at once.
 */
const RENDERED_IN_THE_BROWSER = browser('it depends on the request: rendered in the browser');

/** Makes the calling component render in the browser only; the prerender writes the nearest Suspense fallback. */
export function useBrowserOnly(): void {
  use(RENDERED_IN_THE_BROWSER);
}

function BrowserOnly({ children }: { children: ReactNode }) {
  useBrowserOnly();
  return children;
}

/** The attribute naming a region the server may write HTML into (webapi/document.go). */
export const SLOT_ATTRIBUTE = 'data-ssr-slot';

interface RequestRegionProps {
  /**
   * Names the region for the server, which writes what readers without JavaScript (and the
   * first paint) should see into it (webapi/document.go says which). Without a name, the
   * fallback shows until the app renders the region.
   */
  slot?: string;
  /** What shows until then (a skeleton of the region's size): it must hold the place of the content. */
  fallback?: ReactNode;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * A part of a page that depends on the request: the prerendered page holds its place (and
 * the server may fill it), the browser renders it from the data the server wrote into the
 * page, and the place is swapped for it in one step.
 */
export function RequestRegion({ slot, fallback = null, className, style, children }: RequestRegionProps) {
  return (
    <Suspense
      fallback={
        <div {...{ [SLOT_ATTRIBUTE]: slot }} className={className ? `ssr-slot ${className}` : 'ssr-slot'} style={style}>
          {fallback}
        </div>
      }
    >
      <BrowserOnly>{children}</BrowserOnly>
    </Suspense>
  );
}
