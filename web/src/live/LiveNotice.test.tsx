import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_DOWN_NOTICE, LIVE_DOWN_NOTICE_DELAY, LiveNotice } from './LiveNotice';
import { LiveStatusContext, type LiveStatus } from './status';

function renderWith(status: LiveStatus) {
  const ui = (value: LiveStatus) => (
    <LiveStatusContext.Provider value={value}>
      <LiveNotice />
    </LiveStatusContext.Provider>
  );
  const view = render(ui(status));
  return (next: LiveStatus) => view.rerender(ui(next));
}

describe('LiveNotice', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the stream is down only after 10 s, in a live region', () => {
    renderWith('down');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(LIVE_DOWN_NOTICE_DELAY - 1));
    expect(screen.queryByText(LIVE_DOWN_NOTICE)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent(LIVE_DOWN_NOTICE);
  });

  it('stays quiet for a short outage and goes once the stream is back', () => {
    const set = renderWith('live');
    set('down');
    act(() => vi.advanceTimersByTime(5_000));
    set('live');
    act(() => vi.advanceTimersByTime(LIVE_DOWN_NOTICE_DELAY));
    expect(screen.queryByText(LIVE_DOWN_NOTICE)).toBeNull();

    set('down');
    act(() => vi.advanceTimersByTime(LIVE_DOWN_NOTICE_DELAY));
    expect(screen.getByText(LIVE_DOWN_NOTICE)).toBeInTheDocument();
    set('connecting');
    expect(screen.queryByText(LIVE_DOWN_NOTICE)).toBeNull();
  });
});
