import { Suspense, createContext, startTransition, use, useEffect, useId, useState, type CSSProperties, type ReactNode } from 'react';
import { browser } from 'react-dom';

/**
 * What the prerender cannot know (the request's data, the person asking, the browser's
 * storage) renders in the browser only: React's server renderer writes the nearest Suspense
 * boundary's fallback instead and marks the boundary, and the browser renders the children
 * there without comparing them with the HTML, so hydrating reports no mismatch. In the
 * browser `use` returns at once.
 */
const RENDERED_IN_THE_BROWSER = browser('it depends on the request: rendered in the browser');

/** The attribute that marks, in the served HTML, the place of a region the server left to the browser. */
const REGION_ATTRIBUTE = 'data-region';

/** Whether the page the app renders is its own (true) or one it is hydrating (false). */
const AppRunningContext = createContext(true);

/** The region (its Suspense boundary) a component renders in: the id its place carries. */
const RegionContext = createContext<string | null>(null);

/** The regions of the served page that have not rendered yet, and the nodes the server wrote into each. */
const serverRegions = new Map<string, ChildNode[]>();

/**
 * The turn of each BrowserBoundary the served page left to the browser (a signed-in page's
 * content). React renders such a boundary in a pass it cannot slice (the lane it gives the
 * boundary blocks input), which held a phone's main thread for 0.3–0.6 s each time a part of
 * the page hydrated. Waiting for its turn once makes that pass draw the region's place (the same
 * HTML as the server's) and nothing else; React then renders the region as a retry, in slices.
 * The turn is resolved from the start, so it costs one suspension; a region mounted later
 * (another page) has none.
 */
const turns = new Map<string, Promise<void>>();

/** The attribute that marks, in the served HTML, the place of a RequestRegion: kept, as served, while the page hydrates. */
const PLACE_ATTRIBUTE = 'data-place';

/** The RequestRegions of the served page that have not taken their place yet. */
const servedPlaces = new Set<string>();

/** Called before hydrating a served page: notes its regions and what the server wrote into them. */
export function noteServerRegions(doc: Document): void {
  for (const place of doc.querySelectorAll<HTMLElement>(`[${REGION_ATTRIBUTE}]`)) {
    const id = place.getAttribute(REGION_ATTRIBUTE);
    if (!id) continue;
    serverRegions.set(id, [...place.childNodes]);
    turns.set(id, Promise.resolve());
  }
  for (const place of doc.querySelectorAll<HTMLElement>(`[${PLACE_ATTRIBUTE}]`)) {
    const id = place.getAttribute(PLACE_ATTRIBUTE);
    if (id) servedPlaces.add(id);
  }
}

/** Set around the prerender (entry-server.tsx): a RequestRegion writes its place, for the server to fill. */
export const PrerenderContext = createContext(false);

/** Makes the calling component render in the browser only; the prerender writes the nearest Suspense fallback. */
export function useBrowserOnly(): void {
  use(RENDERED_IN_THE_BROWSER);
  const region = use(RegionContext);
  const turn = region === null ? undefined : turns.get(region);
  if (turn) use(turn);
}

/** What a boundary's place carries besides its id: its class and size. */
interface PlaceAttributes {
  className?: string;
  style?: CSSProperties;
}

/**
 * The place of a BrowserBoundary until its content renders, marked with its id. In the
 * browser, while a served page's boundary waits for its turn, it shows the very nodes the
 * server wrote into it (moved, not copied: no image loads twice, nothing shifts); otherwise
 * `fallback`.
 */
function RegionPlace({ region, fallback, ...attributes }: { region: string; fallback: ReactNode } & PlaceAttributes) {
  const [nodes] = useState(() => serverRegions.get(region) ?? null);
  const adopt = (place: HTMLElement | null) => {
    if (!place || !nodes || serverRegions.get(region) !== nodes) return;
    serverRegions.delete(region);
    place.replaceChildren(...nodes);
  };
  return (
    <div {...attributes} {...{ [REGION_ATTRIBUTE]: region }} ref={nodes ? adopt : undefined}>
      {nodes ? null : fallback}
    </div>
  );
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

/** Hydrating a place: React keeps the element's children as served (the server's HTML) and compares none of them. */
const AS_SERVED = { __html: '' };

/**
 * A part of a page that depends on the request. The prerender writes its place (the fallback,
 * in an element the server may fill: `slot`); the browser hydrates that place as it was
 * served, server HTML included, and then, as a transition, renders the region from the data
 * the server wrote into the page, which replaces the place in one commit. Rendered without
 * hydrating (another page, or a page the app renders itself), it renders at once.
 *
 * The place hydrates rather than being rendered anew: a Suspense boundary the server left
 * to the browser is rendered by React in a pass that blocks, and drawing the place first
 * (to keep the server's nodes on screen) removed them and put them back before the region
 * replaced them, two commits of DOM changes on a slow phone's main thread where one will do.
 */
export function RequestRegion({ slot, fallback = null, className, style, children }: RequestRegionProps) {
  const region = useId();
  const prerendering = use(PrerenderContext);
  const [servedFirst] = useState(() => prerendering || servedPlaces.has(region));
  const [live, setLive] = useState(!servedFirst);
  useEffect(() => {
    if (live) return;
    servedPlaces.delete(region);
    startTransition(() => setLive(true));
  }, [live, region]);
  const place = { [SLOT_ATTRIBUTE]: slot, [PLACE_ATTRIBUTE]: region, className: className ? `ssr-slot ${className}` : 'ssr-slot', style };
  if (prerendering) return <div {...place}>{fallback}</div>;
  if (!live) return <div {...place} dangerouslySetInnerHTML={AS_SERVED} suppressHydrationWarning />;
  // The content runs as the app's from its first render: it was never in the HTML. A region
  // replacing its place has no boundary of its own: while its content loads (a lazy form),
  // the transition waits and the place stays as served.
  const content = <AppRunningContext value>{children}</AppRunningContext>;
  return servedFirst ? content : <Suspense fallback={<div {...place}>{fallback}</div>}>{content}</Suspense>;
}

/**
 * A Suspense boundary whose children may call useBrowserOnly: the prerendered page shows
 * `fallback` in a place of its own, and the children render in the browser as a
 * RequestRegion's do.
 */
export function BrowserBoundary({ fallback, children, ...place }: { fallback: ReactNode; children: ReactNode } & PlaceAttributes) {
  const region = useId();
  return (
    <RegionContext value={region}>
      <Suspense fallback={<RegionPlace region={region} fallback={fallback} {...place} />}>{children}</Suspense>
    </RegionContext>
  );
}

/**
 * Around a page being hydrated (and the prerender of it): what depends on the app running, or
 * on the browser (useScreens), renders as in the HTML, then again as a transition once the page
 * is the app's. With useSyncExternalStore's server snapshot instead, React re-rendered each
 * such component at once after hydrating, in a blocking task (the bar, on every page).
 */
export function HydratingApp({ children }: { children: ReactNode }) {
  const [running, setRunning] = useState(false);
  useEffect(() => startTransition(() => setRunning(true)), []);
  return <AppRunningContext value={running}>{children}</AppRunningContext>;
}

/**
 * Whether the app runs this part of the page: false in the prerendered HTML and while the app
 * hydrates it, true from the render after. A control that does nothing until then (a button
 * whose handler is the app's) is drawn disabled meanwhile, so that a tap is not silently lost.
 */
export function useAppRunning(): boolean {
  return use(AppRunningContext);
}
