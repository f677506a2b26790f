import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../api/client';
import { jsonResponse, mockFetch, profile } from '../test/fixtures';
import { focusWindow } from '../test/focus';
import { renderWithProviders } from '../test/render';
import { findDialogTitled } from '../test/tickets';
import { SupportButton, supportButtonLabel } from './SupportButton';

describe('SupportButton', () => {
  it('is not there for visitors', () => {
    mockFetch();
    renderWithProviders(<SupportButton />);
    expect(screen.queryByRole('button', { name: /Soporte/ })).not.toBeInTheDocument();
  });

  it('shows how many tickets have unread answers, read again when the window regains focus', async () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    let unread = 2;
    mockFetch({ '/api/auth/profile': () => jsonResponse(profile({ discordRoles: [] })), '/api/tickets/unread': () => jsonResponse({ count: unread }) });
    const { container } = renderWithProviders(<SupportButton />);
    expect(await screen.findByRole('button', { name: 'Soporte: 2 tickets con respuestas sin leer' })).toBeInTheDocument();
    expect(container.querySelector('.ant-badge-count')).toHaveAttribute('title', '2');

    unread = 0;
    await focusWindow();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Soporte' })).toBeInTheDocument());
  });

  it('opens the new-ticket dialog with a link to Mis tickets', async () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    mockFetch({ '/api/auth/profile': () => jsonResponse(profile({ discordRoles: [] })), '/api/tickets/unread': () => jsonResponse({ count: 1 }) });
    renderWithProviders(<SupportButton />);
    await userEvent.click(await screen.findByRole('button', { name: /^Soporte/ }));
    const dialog = await findDialogTitled('Nuevo Ticket de Soporte');
    expect(dialog.querySelector('a[href="/support"]')).toHaveTextContent('Mis tickets');
  });

  it('names the count in its label', () => {
    expect(supportButtonLabel(0)).toBe('Soporte');
    expect(supportButtonLabel(1)).toBe('Soporte: 1 ticket con respuestas sin leer');
    expect(supportButtonLabel(3)).toBe('Soporte: 3 tickets con respuestas sin leer');
  });

  it('names which tickets have unread answers, as the server lists them', async () => {
    expect(supportButtonLabel(1, ['12'])).toBe('Soporte: 1 ticket con respuestas sin leer: #12');
    expect(supportButtonLabel(3, ['12', '9', '4'])).toBe('Soporte: 3 tickets con respuestas sin leer: #12, #9 y #4');
    localStorage.setItem(TOKEN_KEY, 'token');
    mockFetch({
      '/api/auth/profile': () => jsonResponse(profile({ discordRoles: [] })),
      '/api/tickets/unread': () => jsonResponse({ count: 1, ticketIds: ['12'] }),
    });
    renderWithProviders(<SupportButton />);
    // The name holds the badge's number, which a voice user says to press it.
    expect(await screen.findByRole('button', { name: 'Soporte: 1 ticket con respuestas sin leer: #12' })).toBeInTheDocument();
  });
});
