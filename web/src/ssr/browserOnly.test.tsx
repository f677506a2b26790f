import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserBoundary, RequestRegion, SLOT_ATTRIBUTE, noteServerRegions, useBrowserOnly } from './browserOnly';

/** What each render of a region's content saw of the server's node. */
let seen: { connected: boolean; inServerPlace: boolean }[] = [];
let serverNode: HTMLElement | null = null;
let serverPlace: Element | null = null;

function Content({ text }: { text: string }) {
  seen.push({ connected: serverNode?.isConnected ?? false, inServerPlace: serverNode?.parentElement === serverPlace });
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

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  seen = [];
});

/** The page as the prerender writes it, with the server's news written into its slot. */
function servedPage(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  serverPlace = container.querySelector(`[${SLOT_ATTRIBUTE}="latest-news"]`);
  serverNode = document.createElement('article');
  serverNode.textContent = 'noticias del servidor';
  serverPlace?.prepend(serverNode);
  document.body.append(container);
  return container;
}

describe('regions the server leaves to the browser', () => {
  it('prerender as their place, marked, with the fallback', () => {
    const html = renderToString(<Page />);
    expect(html).toMatch(/<div data-ssr-slot="latest-news" class="ssr-slot" data-region="[^"]+"><span>Cargando<\/span><\/div>/);
    expect(html).toContain('Marco de la página');
    expect(html).not.toContain('noticias de la app');
  });

  it('render after the server HTML has moved into their place, and show it meanwhile', async () => {
    const container = servedPage();
    noteServerRegions(document);
    await act(async () => {
      root = hydrateRoot(container, <Page />, { onRecoverableError: () => undefined });
    });
    // The content's first render came after a commit that moved the server's node, unchanged,
    // into the region's new place: the pass that commits it only drew that place.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toEqual({ connected: true, inServerPlace: false });
    expect(container.textContent).toContain('noticias de la app');
    expect(container.textContent).toContain('miembro');
    expect(container.textContent).not.toContain('Marco de la página');
    expect(serverNode?.isConnected).toBe(false);
  });

  it('render at once when mounted later, with nothing of the server left to wait for', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const { createRoot } = await import('react-dom/client');
    const fresh = createRoot(container);
    root = fresh;
    act(() => fresh.render(<Page />));
    expect(container.textContent).toContain('noticias de la app');
    expect(container.textContent).toContain('miembro');
    expect(container.querySelector('[data-region]')).toBeNull();
  });
});
