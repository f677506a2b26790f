import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../api/client';
import type { PrivacyChoices } from '../api/personalData';
import { jsonResponse, mockFetch, profile } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { PrivacyNoticeGate } from '../layout/PrivacyNoticeGate';
import { PRIVACY_NOTICE_OK, PRIVACY_NOTICE_TITLE } from './PrivacyNotice';

/** A member whose choices start as `privacy` (signed in unless `signedIn` is false); records what was sent. */
function serve(privacy: PrivacyChoices, { signedIn = true } = {}) {
  if (signedIn) localStorage.setItem(TOKEN_KEY, 'token');
  let current = privacy;
  const sent: unknown[] = [];
  const fetch = mockFetch({
    '/api/auth/profile': () => jsonResponse(profile({ username: 'jugador', discordRoles: [] })),
    'GET /api/me/privacy': () => jsonResponse(current),
    'PUT /api/me/privacy': ({ init }) => {
      const body = JSON.parse(String(init?.body)) as Partial<PrivacyChoices>;
      sent.push(body);
      current = { ...current, ...body };
      return jsonResponse(current);
    },
  });
  return { fetch, sent };
}

const unseen: PrivacyChoices = { minor: false, noticeSeen: false, opposed: [], blocked: false };
const asked = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.some(([input]) => String(input).includes('/api/me/privacy'));

describe('PrivacyNotice', () => {
  it('shows once to a member who has not read it, and "Entendido" records it and closes it', async () => {
    const { sent } = serve(unseen);
    renderWithProviders(<PrivacyNoticeGate />);
    const dialog = await screen.findByRole('dialog', { name: PRIVACY_NOTICE_TITLE });
    expect(within(dialog).getByRole('link', { name: /política de privacidad/ })).toHaveAttribute('href', '/privacy-policy');
    expect(within(dialog).getByRole('checkbox', { name: 'Soy menor de 18 años' })).not.toBeChecked();

    await userEvent.click(within(dialog).getByRole('button', { name: PRIVACY_NOTICE_OK }));
    await waitFor(() => expect(sent).toEqual([{ noticeSeen: true }]));
    // antd's dialog leaves with its zoom-out animation, which jsdom never ends.
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
  });

  it('sends the age with the acknowledgement when the member ticks "Soy menor de 18 años"', async () => {
    const { sent } = serve(unseen);
    renderWithProviders(<PrivacyNoticeGate />);
    const dialog = await screen.findByRole('dialog', { name: PRIVACY_NOTICE_TITLE });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Soy menor de 18 años' }));
    await userEvent.click(within(dialog).getByRole('button', { name: PRIVACY_NOTICE_OK }));
    await waitFor(() => expect(sent).toEqual([{ noticeSeen: true, minor: true }]));
  });

  it('does not show to a member who read it', async () => {
    const { fetch } = serve({ ...unseen, noticeSeen: true });
    renderWithProviders(<PrivacyNoticeGate />);
    await waitFor(() => expect(asked(fetch)).toBe(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not ask about a visitor', async () => {
    const { fetch } = serve(unseen, { signedIn: false });
    renderWithProviders(<PrivacyNoticeGate />);
    // Past the idle moment at which a member's answer is asked for.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked(fetch)).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
