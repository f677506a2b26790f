import { act, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useScreens } from '../components/useScreens';
import { BrowserBoundary, HydratingApp, PrerenderContext, RequestRegion, SLOT_ATTRIBUTE, noteServerRegions, useAppRunning, useBrowserOnly } from './browserOnly';

/** What each render of a region's content saw of the server's node. */
let seen: { connected: boolean; moved: boolean; blocking: boolean }[] = [];
let serverNode: HTMLElement | null = null;
let serverPlace: Element | null = null;

function Content({ text }: { text: string }) {
  // React's development build names the pass that blocks in the stack.
  seen.push({ connected: serverNode?.isConnected ?? false, moved: serverNode?.parentElement !== serverPlace, blocking: new Error().stack?.includes('renderRootSync') ?? false });
  return <p>{text}</p>;
}

function Signed() {
  useBrowserOnly();
  return <p>miembro</p>;
}

function Page() {
  return (
    <main>
      <h1>Inicio</h1>
      <RequestRegion slot="latest-news" fallback={<span>Cargando</span>}>
        <Content text="noticias de la app" />
      </RequestRegion>
      <BrowserBoundary fallback={<p>Marco de la página</p>}>
        <Signed />
      </BrowserBoundary>
    </main>
  );
}

/** The page as the prerender writes it. */
const prerendered = () =>
  renderToString(
    <PrerenderContext value>
      <Page />
    </PrerenderContext>,
  );

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  seen = [];
});

/** The page as the server sends it: the prerender's, with the server's news written into its slot. */
function servedPage(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = prerendered();
  serverPlace = container.querySelector(`[${SLOT_ATTRIBUTE}="latest-news"]`);
  serverNode = document.createElement('article');
  serverNode.textContent = 'noticias del servidor';
  serverPlace?.prepend(serverNode);
  document.body.append(container);
  return container;
}

describe('regions the server leaves to the browser', () => {
  it('prerender as their place, marked, with the fallback', () => {
    const html = prerendered();
    expect(html).toMatch(/<div data-ssr-slot="latest-news" data-place="[^"]+" class="ssr-slot"><span>Cargando<\/span><\/div>/);
    expect(html).toContain('Marco de la página');
    expect(html).not.toContain('noticias de la app');
  });

  it('hydrate their place as served, then replace it in one commit, in a render that does not block', async () => {
    const container = servedPage();
    const place = serverPlace;
    noteServerRegions(document);
    const errors: unknown[] = [];
    const mutations: MutationRecord[] = [];
    const observer = new MutationObserver((records) => mutations.push(...records));
    observer.observe(container, { childList: true, subtree: true });
    await act(async () => {
      startTransition(() => {
        root = hydrateRoot(container, <Page />, { onRecoverableError: (error) => errors.push(error) });
      });
    });
    observer.disconnect();
    expect(errors).toEqual([]);
    // The content's first render found the server's node where the server wrote it: nothing had
    // moved or removed it (the place hydrated as served).
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toEqual({ connected: true, moved: false, blocking: false });
    expect(seen.filter((render) => render.blocking)).toEqual([]);
    expect(container.textContent).toContain('noticias de la app');
    expect(container.textContent).toContain('miembro');
    expect(container.textContent).not.toContain('Marco de la página');
    expect(serverNode?.isConnected).toBe(false);
    // The server's node left the page once, with its place, and was never put back.
    const removals = mutations.flatMap((record) => [...record.removedNodes]);
    expect(removals.filter((node) => node === serverNode || node === place)).toEqual([place]);
    expect(mutations.some((record) => [...record.addedNodes].some((node) => node === serverNode || (node instanceof Element && node.contains(serverNode))))).toBe(false);
    expect(container.querySelector('.ssr-slot')).toBeNull();
  });

  it('render at once when mounted later, with nothing of the server left to wait for', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const fresh = createRoot(container);
    root = fresh;
    act(() => fresh.render(<Page />));
    expect(container.textContent).toContain('noticias de la app');
    expect(container.textContent).toContain('miembro');
    expect(container.querySelector('[data-place], [data-region]')).toBeNull();
  });
});

describe('a page being hydrated', () => {
  /**
   * What each render saw: whether the app runs, and whether the screen's width was known; and
   * whether React rendered it in a pass that blocks (its development build names it).
   */
  let renders: { running: boolean; widthKnown: boolean }[] = [];
  let blockingRenders = 0;

  function Bar() {
    const running = useAppRunning();
    const screens = useScreens();
    renders.push({ running, widthKnown: screens.md !== undefined });
    if (new Error().stack?.includes('renderRootSync')) blockingRenders++;
    return <button disabled={!running}>{screens.md === undefined ? 'ambos' : 'uno'}</button>;
  }

  afterEach(() => {
    renders = [];
    blockingRenders = 0;
  });

  it('renders as its HTML, then, as a transition, as the app: no mismatch and no render forced at once', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <HydratingApp>
        <Bar />
      </HydratingApp>,
    );
    expect(container.innerHTML).toBe('<button disabled="">ambos</button>');
    document.body.append(container);
    renders = [];
    const errors: unknown[] = [];
    // As main.tsx hydrates: as a transition.
    await act(async () =>
      startTransition(() => {
        root = hydrateRoot(
          container,
          <HydratingApp>
            <Bar />
          </HydratingApp>,
          { onRecoverableError: (error) => errors.push(error) },
        );
      }),
    );
    expect(errors).toEqual([]);
    // Hydrated as served, then once as the app: the width known and the button live.
    expect(renders).toEqual([
      { running: false, widthKnown: false },
      { running: true, widthKnown: true },
    ]);
    expect(container.innerHTML).toBe('<button>uno</button>');
    expect(blockingRenders).toBe(0);
  });

  it('outside a hydrated page, runs from the first render', () => {
    const container = document.createElement('div');
    document.body.append(container);
    act(() => {
      root = createRoot(container);
      root.render(<Bar />);
    });
    expect(renders).toEqual([{ running: true, widthKnown: true }]);
  });
});
