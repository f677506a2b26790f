import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '../theme/ThemeProvider';
import { registerServiceWorker, type WorkboxLike } from './register';
import { UpdateNotice } from './UpdateNotice';
import { withdrawUpdate } from './updateNotice';

type Kind = 'waiting' | 'controlling';

/** A stand-in for workbox-window's Workbox whose events the test fires. */
class FakeWorkbox implements WorkboxLike {
  readonly listeners = new Map<Kind, (() => void)[]>();
  registered = 0;
  updates = 0;
  skipWaitingMessages = 0;
  addEventListener(type: Kind, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  fire(type: Kind) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  register() {
    this.registered++;
    return Promise.resolve();
  }
  update() {
    this.updates++;
    return Promise.resolve();
  }
  messageSkipWaiting() {
    this.skipWaitingMessages++;
  }
}

function renderNotice() {
  return render(
    <ThemeProvider>
      <UpdateNotice />
    </ThemeProvider>,
  );
}

describe('the new-version notice', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    withdrawUpdate();
  });

  it('stays an empty live region while no version waits', () => {
    const workbox = new FakeWorkbox();
    stop = registerServiceWorker(workbox, () => {});
    renderNotice();

    expect(workbox.registered).toBe(1);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('offers a waiting version and, on "Actualizar", hands over to it and reloads once it controls the page', async () => {
    const workbox = new FakeWorkbox();
    const reload = vi.fn();
    stop = registerServiceWorker(workbox, reload);
    renderNotice();

    act(() => workbox.fire('waiting'));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Nueva versión disponible');

    await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(workbox.skipWaitingMessages).toBe(1);
    expect(reload).not.toHaveBeenCalled();

    act(() => workbox.fire('controlling'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(status).toBeEmptyDOMElement();
  });

  it('looks for a new version when the page comes back into view', () => {
    const workbox = new FakeWorkbox();
    stop = registerServiceWorker(workbox, () => {});
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');

    document.dispatchEvent(new Event('visibilitychange'));

    expect(workbox.updates).toBe(1);
  });
});
