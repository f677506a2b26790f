import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { OnShiftEntry, Profile } from '../../api/types';
import { jsonResponse, mockFetch, profile, roleIds } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { NO_ONE_ON_SHIFT, OnShiftCard, PAUSED_TEXT, elapsedSeconds, workedSeconds } from './OnShiftCard';

const rh = profile({ username: 'rh', discordId: '1400000000000000003', discordRoles: [roleIds.RH] });
const moderador = profile({ username: 'moderador', discordId: '1400000000000000005', discordRoles: [roleIds.MODERADOR] });

const NOW = new Date('2026-03-04T18:00:00Z');
const halcon: OnShiftEntry = {
  discordId: '101',
  username: 'halcon_mx',
  avatar: '',
  server: 'Eventos',
  startedAt: '2026-03-04T16:30:00Z',
  pausedAt: null,
  breakSeconds: 0,
};

function serve(user: Profile, onShift: () => OnShiftEntry[], extra: Parameters<typeof mockFetch>[0] = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(user),
    '/api/staff/on-shift': () => jsonResponse(onShift()),
    ...extra,
  });
}

const card = () => screen.findByLabelText('En turno ahora');

describe('OnShiftCard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists who is on shift, where and for how long, without an end button for non-directors', async () => {
    serve(moderador, () => [halcon]);
    renderWithProviders(<OnShiftCard />);
    const region = await card();
    expect(await within(region).findByText('halcon_mx')).toBeInTheDocument();
    expect(within(region).getByText('Eventos')).toBeInTheDocument();
    expect(within(region).getByText('1 h 30 min')).toBeInTheDocument();
    expect(within(region).getByText(/desde/)).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /Terminar turno/ })).toBeNull();
  });

  it('marks a member on a break "En pausa", the clock stopped at the break and their finished breaks left out', async () => {
    // On shift since 16:30, a 10-minute break done, paused since 17:30: 50 min worked.
    serve(moderador, () => [{ ...halcon, pausedAt: '2026-03-04T17:30:00Z', breakSeconds: 600 }]);
    renderWithProviders(<OnShiftCard />);
    const region = await card();
    expect(await within(region).findByText(PAUSED_TEXT)).toBeInTheDocument();
    expect(within(region).getByLabelText('Tiempo trabajado: 50 min')).toBeInTheDocument();
  });

  it('runs the worked time as the clock goes', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    serve(moderador, () => [halcon]);
    renderWithProviders(<OnShiftCard />);
    const region = await card();
    expect(await within(region).findByText('1 h 30 min')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(within(region).getByLabelText('Tiempo trabajado: 1 h 31 min')).toBeInTheDocument();
    expect(within(region).getByText('halcon_mx')).toBeInTheDocument();
  });

  it('says so when nobody is on shift', async () => {
    serve(rh, () => []);
    renderWithProviders(<OnShiftCard />);
    expect(await within(await card()).findByText(NO_ONE_ON_SHIFT)).toBeInTheDocument();
  });

  it('lets a director end a shift with a reason, after confirming, and reads the list again', async () => {
    let open = [halcon];
    const fetch = serve(rh, () => open, {
      'POST /api/staff/shifts/101/end': () => {
        open = [];
        return jsonResponse({ message: 'Turno terminado.', discordId: '101', endedAt: NOW.toISOString(), capped: false });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<OnShiftCard />);
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Terminar turno de halcon_mx' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByLabelText('Motivo'), 'Se olvidó de salir');
    await user.click(within(dialog).getByRole('button', { name: /Terminar turno/ }));
    expect(await within(region).findByText(NO_ONE_ON_SHIFT)).toBeInTheDocument();
    expect(within(region).getByText('Turno de halcon_mx terminado.')).toBeInTheDocument();
    const ends = fetch.mock.calls.filter(([url, init]) => String(url).endsWith('/api/staff/shifts/101/end') && init?.method === 'POST');
    expect(ends).toHaveLength(1);
    expect(JSON.parse(String(ends[0]?.[1]?.body))).toEqual({ reason: 'Se olvidó de salir' });
  });

  it('counts the elapsed time from the start, never below zero', () => {
    expect(elapsedSeconds('2026-03-04T17:59:00Z', NOW.getTime())).toBe(60);
    expect(elapsedSeconds('2026-03-04T18:00:05Z', NOW.getTime())).toBe(0);
  });

  it('counts worked time without the breaks', () => {
    const now = NOW.getTime();
    expect(workedSeconds({ startedAt: '2026-03-04T17:00:00Z', pausedAt: null, breakSeconds: 900 }, now)).toBe(2700);
    expect(workedSeconds({ startedAt: '2026-03-04T17:00:00Z', pausedAt: '2026-03-04T17:20:00Z', breakSeconds: 0 }, now)).toBe(1200);
  });
});
