import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, testConfig } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { Footer } from './Footer';

describe('Footer', () => {
  it('links the social networks, the privacy policy and the Diario Oficial, with the copyright line', async () => {
    mockFetch();
    renderWithProviders(<Footer />);
    expect(await screen.findByRole('link', { name: 'YouTube' })).toHaveAttribute('href', testConfig.social.youtube);
    expect(screen.getByRole('link', { name: 'X' })).toHaveAttribute('href', testConfig.social.x);
    expect(screen.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', testConfig.social.instagram);
    expect(screen.getByRole('link', { name: 'TikTok' })).toHaveAttribute('href', testConfig.social.tiktok);
    expect(screen.getByRole('link', { name: 'Política de Privacidad' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('link', { name: 'Diario Oficial' })).toHaveAttribute('href', '/diario-oficial');
    expect(screen.getByText(`© ${new Date().getFullYear()} Zócalo RP. Todos los derechos reservados.`)).toBeInTheDocument();
  });
});
