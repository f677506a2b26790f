import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setViewport } from '../test/viewport';
import { useThemeMode } from './context';
import { THEME_KEY, servedOrStoredMode } from './palette';
import { ThemeProvider } from './ThemeProvider';

function Probe() {
  const { mode, toggle } = useThemeMode();
  return (
    <button type="button" onClick={toggle}>
      {mode}
    </button>
  );
}

describe('ThemeProvider', () => {
  it('follows the system preference when nothing is stored', () => {
    setViewport(1280, { dark: true });
    render(<ThemeProvider><Probe /></ThemeProvider>);
    expect(screen.getByRole('button').textContent).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('prefers the stored choice and persists a change', async () => {
    setViewport(1280, { dark: true });
    localStorage.setItem(THEME_KEY, 'light');
    render(<ThemeProvider><Probe /></ThemeProvider>);
    expect(screen.getByRole('button').textContent).toBe('light');
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
  });
});

describe('servedOrStoredMode', () => {
  afterEach(() => {
    delete document.documentElement.dataset.theme;
  });

  it('takes the mode the server wrote on the page, without reading the storage', () => {
    localStorage.setItem(THEME_KEY, 'light');
    document.documentElement.dataset.theme = 'dark';
    const read = vi.spyOn(Storage.prototype, 'getItem');
    expect(servedOrStoredMode()).toBe('dark');
    expect(read).not.toHaveBeenCalled();
  });

  it('falls back to the stored choice on a page served without one', () => {
    delete document.documentElement.dataset.theme;
    localStorage.setItem(THEME_KEY, 'dark');
    expect(servedOrStoredMode()).toBe('dark');
  });
});
