import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { SecurityPage } from './SecurityPage';

describe('SecurityPage', () => {
  it('explains what the audit log will hold, with no action but the way back', () => {
    mockFetch();
    renderWithProviders(<SecurityPage />, '/security');
    expect(screen.getByRole('heading', { name: 'Seguridad y Auditoría', level: 2 })).toBeInTheDocument();
    for (const item of ['Quién', 'Cuándo', 'Qué', 'Antes y después', 'Filtros']) expect(screen.getByText(item)).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Volver al Dashboard']);
  });
});
