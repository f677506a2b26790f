import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useScreens } from './useScreens';

/** A window whose width the test sets; each width change tells the media queries' listeners. */
function resizableWindow(initialWidth: number) {
  let width = initialWidth;
  const listeners = new Set<() => void>();
  const matches = (query: string) => {
    const [, feature, px] = /\((min|max)-width:\s*(\d+)px\)/.exec(query) ?? [];
    return feature === 'min' ? width >= Number(px) : width <= Number(px);
  };
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    get matches() {
      return matches(query);
    },
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    dispatchEvent: vi.fn(() => false),
  }) as unknown as MediaQueryList);
  return {
    resize(next: number) {
      width = next;
      for (const listener of [...listeners]) listener();
    },
    listeners,
  };
}

const renders: string[] = [];

function Widths() {
  const screens = useScreens();
  const shown = Object.entries(screens)
    .filter(([, on]) => on)
    .map(([name]) => name)
    .join(' ');
  renders.push(shown);
  return <p>{shown}</p>;
}

describe('useScreens', () => {
  it('answers from the first render, as antd names the breakpoints, and follows the window', () => {
    renders.length = 0;
    const viewport = resizableWindow(390);
    const { unmount } = render(<Widths />);
    expect(renders[0]).toBe('xs');
    expect(screen.getByText('xs')).toBeInTheDocument();

    act(() => viewport.resize(1000));
    expect(screen.getByText('sm md lg')).toBeInTheDocument();

    unmount();
    expect(viewport.listeners.size).toBe(0);
  });
});
