import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { charge } from '../../test/identity';
import { ChargesTable } from './ChargesTable';

describe('ChargesTable', () => {
  it("marks a game charge under a Roblox account nobody verified 'Sin verificar', and only that one", () => {
    render(
      <ChargesTable
        charges={[
          charge({ _id: 2, description: 'Robo a banco', source: 'game', unverified: true }),
          charge({ _id: 1, description: 'Exceso de velocidad', source: 'web' }),
        ]}
      />,
    );
    const [unverified, verified] = screen.getAllByRole('row').slice(1);
    expect(within(unverified as HTMLElement).getByText('Sin verificar')).toBeInTheDocument();
    expect(within(verified as HTMLElement).queryByText('Sin verificar')).not.toBeInTheDocument();
  });
});
