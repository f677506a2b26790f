import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBanner } from './ErrorBanner';

describe('ErrorBanner', () => {
  it('shows nothing without a message', () => {
    const { container } = render(<ErrorBanner message={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the message in a dismissible alert', async () => {
    const onClose = vi.fn();
    render(<ErrorBanner message="Error de conexión" onClose={onClose} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error de conexión');
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
