/** Marks the stylesheet of every antd component's rules that the prerender links (scripts/prerender.mjs). */
export const COMPONENT_STYLES_ATTRIBUTE = 'data-component-styles';

/**
 * Makes the stylesheet of every antd component's rules apply, once it has downloaded (it comes
 * as media="print" so as not to hold the first paint). antd reads, at the first component it
 * renders, the record of the rules already written (the last stylesheet's), and then generates
 * none of those: the content the page renders in the browser (lists, cards, forms) no longer
 * spends the main thread writing them. Resolves at once without the stylesheet (the dev server)
 * and when it failed to download: antd then generates the rules as before.
 */
export function applyComponentStyles(doc: Document = document): Promise<void> {
  const link = doc.querySelector<HTMLLinkElement>(`link[${COMPONENT_STYLES_ATTRIBUTE}]`);
  if (!link) return Promise.resolve();
  const apply = () => {
    link.media = 'all';
  };
  if (link.sheet) {
    apply();
    return Promise.resolve();
  }
  // Finished without a sheet: it failed before this ran, and no event will come.
  if (performance.getEntriesByName(link.href).length > 0) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener(
      'load',
      () => {
        apply();
        resolve();
      },
      { once: true },
    );
    link.addEventListener('error', () => resolve(), { once: true });
  });
}
