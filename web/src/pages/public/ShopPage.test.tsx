import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import { jsonResponse, mockFetch, profile } from '../../test/fixtures';
import { publicConfig, testShop } from '../../test/publicData';
import { renderWithProviders } from '../../test/render';
import { findDialogTitled } from '../../test/tickets';
import { ShopPage } from './ShopPage';

function serveShop(signedIn = false) {
  if (signedIn) localStorage.setItem(TOKEN_KEY, 'token');
  mockFetch({ '/api/config': () => jsonResponse(publicConfig), '/api/auth/profile': () => jsonResponse(profile({ discordRoles: [] })) });
}

const card = (title: string) => screen.getByRole('heading', { name: title, level: 3 }).closest('.shop-item') as HTMLElement;

describe('ShopPage', () => {
  it('shows the banner, the four sections and every item', async () => {
    serveShop();
    renderWithProviders(<ShopPage />);
    expect(screen.getByRole('heading', { name: /Ofertas Especiales/ })).toBeInTheDocument();
    for (const section of testShop) {
      expect(await screen.findByRole('heading', { name: section.title, level: 2 })).toBeInTheDocument();
      for (const item of section.items) expect(screen.getByRole('heading', { name: item.title, level: 3 })).toBeInTheDocument();
    }
    const count = testShop.reduce((total, section) => total + section.items.length, 0);
    expect(screen.getAllByRole('button', { name: /Comprar Ahora/ })).toHaveLength(count);
  });

  it('shows robux and the prices in MXN and USD, or robux alone', async () => {
    serveShop();
    renderWithProviders(<ShopPage />);
    await screen.findByRole('heading', { name: 'Partner', level: 3 });
    expect(within(card('Partner')).getByText('10,000 Robux')).toBeInTheDocument();
    expect(within(card('Partner')).getByText('$1,000 MXN · $50 USD')).toBeInTheDocument();
    expect(within(card('Pase')).getByText('550 Robux')).toBeInTheDocument();
    expect(within(card('Pase')).queryByText(/MXN|USD/)).not.toBeInTheDocument();
  });

  it('asks a visitor to sign in before buying', async () => {
    serveShop();
    renderWithProviders(<ShopPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Comprar Ahora: VIP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comprar VIP' });
    expect(within(dialog).getByText('Inicia Sesión para usar esto')).toBeInTheDocument();
  });

  it('opens a support ticket for a signed-in member', async () => {
    serveShop(true);
    renderWithProviders(<ShopPage />);
    await screen.findByRole('heading', { name: 'VIP', level: 3 });
    await userEvent.click(screen.getByRole('button', { name: 'Comprar Ahora: VIP' }));
    const dialog = await findDialogTitled('Nuevo Ticket de Soporte');
    expect(within(dialog).getByLabelText('Título')).toHaveValue('Compra: VIP');
    expect(within(dialog).getByLabelText('Mensaje')).toHaveValue('Hola, quiero comprar "VIP" (500 Robux · $90 MXN · $5 USD). ¿Cómo puedo completar el pago?');
    expect(within(dialog).getByTitle('Otros')).toBeInTheDocument();
  });

  it('shows the configuration error', async () => {
    mockFetch({ '/api/config': () => jsonResponse({ message: 'Servicio no disponible' }, 503) });
    renderWithProviders(<ShopPage />);
    expect(await screen.findByText('Servicio no disponible', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
