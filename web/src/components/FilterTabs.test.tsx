import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterTabs } from './FilterTabs';

const ITEMS = [
  { key: 'all', label: 'Todos' },
  { key: 'active', label: 'Activos' },
  { key: 'closed', label: 'Cerrados' },
] as const;

function Chooser({ onChange }: { onChange: (key: string) => void }) {
  const [value, setValue] = useState<string>('all');
  return (
    <FilterTabs
      items={ITEMS}
      value={value}
      label="Estado"
      onChange={(key) => {
        onChange(key);
        setValue(key);
      }}
    />
  );
}

describe('FilterTabs', () => {
  it('is a named tab list whose chosen tab is selected and the only one in the tab order', async () => {
    const onChange = vi.fn();
    render(<Chooser onChange={onChange} />);
    expect(screen.getByRole('tablist', { name: 'Estado' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected'), tab.tabIndex])).toEqual([
      ['Todos', 'true', 0],
      ['Activos', 'false', -1],
      ['Cerrados', 'false', -1],
    ]);
    await userEvent.click(screen.getByRole('tab', { name: 'Activos' }));
    expect(onChange).toHaveBeenLastCalledWith('active');
    expect(screen.getByRole('tab', { name: 'Activos', selected: true })).toHaveAttribute('tabindex', '0');
    // Choosing the tab already chosen asks nothing again.
    await userEvent.click(screen.getByRole('tab', { name: 'Activos' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('moves between tabs with the arrows, Home and End, and chooses with Enter', async () => {
    const onChange = vi.fn();
    render(<Chooser onChange={onChange} />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Todos' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Cerrados' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Todos' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Cerrados' })).toHaveFocus();
    await userEvent.keyboard('{Home}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Activos' })).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('active');
    expect(screen.getByRole('tab', { name: 'Activos' })).toHaveAttribute('aria-selected', 'true');
  });
});
