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
