import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, tabPosition } from './Tabs';

const items = [
  { key: 'initiatives', label: 'Iniciativas' },
  { key: 'agenda', label: 'Orden del Día' },
];

describe('Tabs', () => {
  it('names a tab reached with the keyboard by its label and says its position in Spanish, never "Tab 1 of 2"', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <>
        <button type="button">antes</button>
        <Tabs activeKey="initiatives" onChange={onChange} items={items} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'antes' }));
    await user.tab();
    const first = screen.getByRole('tab', { name: 'Iniciativas' });
    expect(first).toHaveFocus();
    expect(first).toHaveAccessibleName('Iniciativas');
    expect(screen.getByText(tabPosition(1, 2))).toHaveAttribute('aria-live', 'polite');
    expect(document.body).not.toHaveTextContent(/Tab \d+ of \d+/);

    await user.keyboard('{ArrowRight}');
    const second = screen.getByRole('tab', { name: 'Orden del Día' });
    expect(second).toHaveFocus();
    expect(screen.getByText('Pestaña 2 de 2')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Tab \d+ of \d+/);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('agenda');
  });
});
