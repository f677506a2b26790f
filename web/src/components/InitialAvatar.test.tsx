import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InitialAvatar } from './InitialAvatar';

describe('InitialAvatar', () => {
  it('shows the first letter without measuring it, so a list of avatars forces no layout', () => {
    const widthRead = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get');
    const names = Array.from({ length: 20 }, (_, index) => `miembro ${index}`);
    render(
      <ul>
        {names.map((name) => (
          <li key={name}>
            <InitialAvatar name={name} size={32} />
          </li>
        ))}
      </ul>,
    );
    expect(screen.getAllByText('M')).toHaveLength(20);
    expect(widthRead).not.toHaveBeenCalled();
  });

  it('shows the picture when there is one', () => {
    render(<InitialAvatar name="jugador" src="https://cdn.discordapp.com/avatars/1/a.png" alt="jugador" />);
    expect(screen.getByRole('img', { name: 'jugador' })).toHaveAttribute('src', 'https://cdn.discordapp.com/avatars/1/a.png');
    expect(screen.queryByText('J')).not.toBeInTheDocument();
  });
});
