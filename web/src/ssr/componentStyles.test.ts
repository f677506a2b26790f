import { afterEach, describe, expect, it } from 'vitest';
import { applyComponentStyles, COMPONENT_STYLES_ATTRIBUTE } from './componentStyles';

/** A print-media link as the prerender writes it; `loaded` gives it a sheet, as a downloaded one has. */
function componentStylesLink(loaded: boolean): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/assets/antd-every.css';
  link.media = 'print';
  link.setAttribute(COMPONENT_STYLES_ATTRIBUTE, '');
  if (loaded) Object.defineProperty(link, 'sheet', { value: {} as CSSStyleSheet });
  document.head.append(link);
  return link;
}

/** Whether the promise has settled by the time the microtasks queued now have run. */
async function settledNow(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

describe('applyComponentStyles', () => {
  afterEach(() => document.head.querySelectorAll(`link[${COMPONENT_STYLES_ATTRIBUTE}]`).forEach((link) => link.remove()));

  it('resolves at once on a page without the stylesheet (the dev server)', async () => {
    expect(await settledNow(applyComponentStyles())).toBe(true);
  });

  it('makes a downloaded stylesheet apply at once', async () => {
    const link = componentStylesLink(true);
    expect(await settledNow(applyComponentStyles())).toBe(true);
    expect(link.media).toBe('all');
  });

  it('waits for a stylesheet still downloading, then makes it apply', async () => {
    const link = componentStylesLink(false);
    const applied = applyComponentStyles();
    expect(await settledNow(applied)).toBe(false);
    expect(link.media).toBe('print');
    link.dispatchEvent(new Event('load'));
    expect(await settledNow(applied)).toBe(true);
    expect(link.media).toBe('all');
  });

  it('lets the app start without it when it fails to download: antd then writes the rules itself', async () => {
    const link = componentStylesLink(false);
    const applied = applyComponentStyles();
    link.dispatchEvent(new Event('error'));
    expect(await settledNow(applied)).toBe(true);
    expect(link.media).toBe('print');
  });
});
