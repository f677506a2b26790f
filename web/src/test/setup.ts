import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { keepOnlyVisibilityInStyles } from './visibilityStyles';

// jsdom's computed styles of antd's full stylesheets cost half a second an element.
keepOnlyVisibilityInStyles();

// antd's pages render slowly under jsdom, more so on a busy machine: waits get 10 s, not 1 s.
configure({ asyncUtilTimeout: 10_000 });

// A plain function, not a vi.fn: a test's vi.spyOn (test/viewport.ts) then makes a spy of
// its own, which restoreAllMocks takes away after the test. On a vi.fn the spy reused it, and
// its phone-sized answers stayed for the tests after.
if (!window.matchMedia) {
  const noop = () => {};
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: noop,
      removeListener: noop,
      addEventListener: noop,
      removeEventListener: noop,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

// jsdom has no canvas: it answers getContext with an error on the console. A browser without
// one gets null, and a chart then draws nothing (components/charts/ChartDrawing.tsx).
Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', { writable: true, configurable: true, value: () => null });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
