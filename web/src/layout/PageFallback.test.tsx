import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { PageFallback, pageTitleAt } from './PageFallback';

describe('PageFallback', () => {
  it('names the page at a path as its route does, a fixed segment before a parameter', () => {
    expect(pageTitleAt('/support')).toBe('Centro de Soporte');
    expect(pageTitleAt('/support/tickets/42')).toBe('Centro de Soporte');
    expect(pageTitleAt('/staff/profile')).toBe('Mi Perfil');
    expect(pageTitleAt('/staff/123456789012345678')).toBe('Expediente de staff');
    expect(pageTitleAt('/verify/success')).toBe('Verificación de Roblox');
    expect(pageTitleAt('/no/such/page')).toBeNull();
  });

  it("draws the page's heading over a space that holds it while the page loads", () => {
    renderWithProviders(<PageFallback />, '/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Panel de Control' })).toBeInTheDocument();
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
  });
});

describe('PageFallback with a description', () => {
  it("draws the page's description as the page does, and none where the page has none", () => {
    const { unmount } = renderWithProviders(<PageFallback />, '/support/tickets/7');
    expect(screen.getByText('Abre un ticket y sigue las respuestas del equipo de soporte.')).toHaveClass('ant-typography-secondary');
    unmount();
    renderWithProviders(<PageFallback />, '/dashboard');
    expect(document.querySelector('.ant-typography-secondary')).toBeNull();
  });
});
