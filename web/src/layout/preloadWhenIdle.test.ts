import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadWhenIdle } from './preloadWhenIdle';

describe('preloadWhenIdle', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads when the browser is idle once the page has loaded', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const load = vi.fn();
    preloadWhenIdle(load);
    expect(load).not.toHaveBeenCalled();
    idle.forEach((callback) => callback());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits for the load event while the page is still loading', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const load = vi.fn();
    preloadWhenIdle(load);
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    idle.forEach((callback) => callback());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads nothing once cancelled', () => {
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', () => 7);
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    preloadWhenIdle(vi.fn())();
    expect(cancelled).toEqual([7]);
  });

  it('falls back to a timeout without requestIdleCallback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const loaded = new Promise<void>((resolve) => preloadWhenIdle(resolve));
    await expect(loaded).resolves.toBeUndefined();
  });
});
