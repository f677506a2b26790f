import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIALOG_CLOSE_DELAY_MS, useCloseAfterSuccess } from './useCloseAfterSuccess';

describe('useCloseAfterSuccess', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes 2000 ms after success', () => {
    const onClose = vi.fn();
    const { result } = renderHook(() => useCloseAfterSuccess(onClose));
    expect(DIALOG_CLOSE_DELAY_MS).toBe(2000);
    act(() => result.current.closeSoon());
    act(() => vi.advanceTimersByTime(1999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not close once cancelled or unmounted', () => {
    const onClose = vi.fn();
    const { result, unmount } = renderHook(() => useCloseAfterSuccess(onClose));
    act(() => result.current.closeSoon());
    act(() => result.current.cancel());
    act(() => vi.advanceTimersByTime(3000));
    act(() => result.current.closeSoon());
    unmount();
    vi.advanceTimersByTime(3000);
    expect(onClose).not.toHaveBeenCalled();
  });
});
