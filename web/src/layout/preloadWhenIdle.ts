/**
 * Runs `load` once the page has loaded and the browser is idle (a timeout where
 * requestIdleCallback is missing, as in Safari), so that a download the reader will likely
 * need does not compete with the page's own. Returns a function that cancels it.
 */
export function preloadWhenIdle(load: () => unknown): () => void {
  let cancelIdle = () => {};
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => void load());
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(() => void load(), 0);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    whenIdle();
    return () => cancelIdle();
  }
  window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    cancelIdle();
  };
}
