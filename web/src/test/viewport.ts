import { vi } from 'vitest';

function matches(query: string, width: number, dark: boolean): boolean {
  return query.split(',').some((part) => {
    const conditions = [...part.matchAll(/\(([^)]+)\)/g)].map((m) => m[1]?.trim() ?? '');
    return conditions.every((condition) => {
      const [feature, value = ''] = condition.split(':').map((s) => s.trim());
      const px = parseFloat(value);
      if (feature === 'min-width') return width >= px;
      if (feature === 'max-width') return width <= px;
      if (feature === 'prefers-color-scheme') return (value === 'dark') === dark;
      return false;
    });
  });
}

/** Makes window.matchMedia answer as a window of the given width (and colour preference) would. */
export function setViewport(width: number, { dark = false }: { dark?: boolean } = {}) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: matches(query, width, dark),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  }));
}
