import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableColumnsType } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { setViewport } from '../test/viewport';
import { ResponsiveTable } from './ResponsiveTable';

interface Fruit {
  id: string;
  name: string;
  colour: string;
  origin: string;
}

const fruits: Fruit[] = Array.from({ length: 12 }, (_, index) => ({
  id: `f${index + 1}`,
  name: `Fruta ${index + 1}`,
  colour: index % 2 === 0 ? 'Rojo' : 'Verde',
  origin: 'Oaxaca',
}));

const columns: TableColumnsType<Fruit> = [
  { key: 'name', title: 'Nombre', dataIndex: 'name' },
  { key: 'colour', title: 'Color', dataIndex: 'colour', render: (colour: string) => <strong>{colour}</strong> },
  { key: 'origin', title: 'Origen', dataIndex: 'origin', responsive: ['md'] },
  { key: 'actions', render: (_: unknown, fruit: Fruit) => <button type="button">Editar {fruit.name}</button> },
];

function cards(): HTMLElement[] {
  // The first list is the rows'; the pagination is another.
  return within(screen.getAllByRole('list')[0]!).getAllByRole('listitem');
}

/** axe's definition-list and dlitem rules: a <dl> holds only <div>s of <dt>s then <dd>s, and every <dt> and <dd> is in one. */
function expectOnlyWholeDescriptionLists() {
  for (const list of Array.from(document.querySelectorAll('dl'))) {
    for (const group of Array.from(list.children)) {
      expect(group.tagName).toBe('DIV');
      const tags = Array.from(group.children).map((child) => child.tagName);
      expect(tags[0]).toBe('DT');
      expect(tags).toContain('DD');
      expect(tags.indexOf('DD')).toBeGreaterThan(tags.lastIndexOf('DT'));
    }
  }
  for (const item of Array.from(document.querySelectorAll('dt, dd'))) expect(item.parentElement?.parentElement?.tagName).toBe('DL');
}

describe('ResponsiveTable', () => {
  it('is a table on a wide screen', () => {
    setViewport(1280);
    render(<ResponsiveTable<Fruit> rowKey="id" columns={columns} dataSource={fruits.slice(0, 3)} pagination={false} />);
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Origen' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('is a list of cards on a phone, each row with its columns’ headings, without the columns hidden on small screens', () => {
    setViewport(360);
    render(<ResponsiveTable<Fruit> rowKey="id" columns={columns} dataSource={fruits.slice(0, 2)} pagination={false} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [first, second] = cards();
    expect(within(first!).getByText('Nombre').tagName).toBe('DT');
    expect(within(first!).getByText('Fruta 1')).toBeInTheDocument();
    expect(within(first!).getByText('Rojo').tagName).toBe('STRONG');
    expect(within(first!).getByRole('button', { name: 'Editar Fruta 1' })).toBeInTheDocument();
    expect(within(second!).getByText('Verde')).toBeInTheDocument();
    expect(screen.queryByText('Origen')).not.toBeInTheDocument();
    expect(screen.queryByText('Oaxaca')).not.toBeInTheDocument();
  });

  it('gives every <dd> of a card its <dt>: a column without heading, or a lone column, is no <dd>', () => {
    setViewport(360);
    const { unmount } = render(<ResponsiveTable<Fruit> rowKey="id" columns={columns} dataSource={fruits.slice(0, 2)} pagination={false} />);
    expectOnlyWholeDescriptionLists();
    const [first] = cards();
    expect(within(first!).getByRole('button', { name: 'Editar Fruta 1' }).closest('dl')).toBeNull();
    expect(within(first!).getByText('Rojo').closest('dd')).not.toBeNull();
    unmount();

    // One column, as the audit log's "Cambio" on a phone: its content goes across, unlabelled.
    render(<ResponsiveTable<Fruit> rowKey="id" columns={[{ key: 'summary', title: 'Cambio', dataIndex: 'name' }]} dataSource={fruits.slice(0, 2)} pagination={false} />);
    expect(cards()[0]).toHaveTextContent('Fruta 1');
    expect(document.querySelectorAll('dl, dt, dd')).toHaveLength(0);
  });

  it('never builds the table on a phone, not even for a first render', () => {
    setViewport(360);
    const container = document.body.appendChild(document.createElement('div'));
    const watcher = new MutationObserver(() => undefined);
    watcher.observe(container, { childList: true, subtree: true });
    render(<ResponsiveTable<Fruit> rowKey="id" columns={columns} dataSource={fruits.slice(0, 2)} pagination={false} />, { container });
    const added = watcher.takeRecords().flatMap((record) => [...record.addedNodes]);
    watcher.disconnect();
    expect(cards()).toHaveLength(2);
    const tables = added.filter((node) => node instanceof Element && (node.matches('.ant-table-wrapper') || node.querySelector('.ant-table-wrapper') !== null));
    expect(tables).toEqual([]);
  });

  it('keeps the row’s click, keys, label and class on its card', async () => {
    setViewport(360);
    const open = vi.fn();
    render(
      <ResponsiveTable<Fruit>
        rowKey="id"
        columns={columns}
        dataSource={fruits.slice(0, 2)}
        pagination={false}
        rowClassName={(fruit) => (fruit.colour === 'Verde' ? 'fruit-green' : '')}
        onRow={(fruit) => ({
          onClick: () => open(fruit.id),
          onKeyDown: (event) => {
            if (event.key === 'Enter') open(fruit.id);
          },
          tabIndex: 0,
          'aria-label': `Abrir ${fruit.name}`,
        })}
      />,
    );
    const [first, second] = cards();
    expect(first).toHaveAccessibleName('Abrir Fruta 1');
    expect(second).toHaveClass('fruit-green');
    await userEvent.click(within(first!).getByText('Fruta 1'));
    expect(open).toHaveBeenLastCalledWith('f1');
    second!.focus();
    await userEvent.keyboard('{Enter}');
    expect(open).toHaveBeenLastCalledWith('f2');
  });

  it('pages the rows itself when the pagination has no total', async () => {
    setViewport(360);
    render(<ResponsiveTable<Fruit> rowKey="id" columns={columns} dataSource={fruits} pagination={{ pageSize: 5 }} />);
    expect(cards()).toHaveLength(5);
    expect(screen.getByText('Fruta 1')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('3'));
    expect(cards()).toHaveLength(2);
    expect(screen.getByText('Fruta 12')).toBeInTheDocument();
    expect(screen.queryByText('Fruta 1')).not.toBeInTheDocument();
  });

  it('leaves a server’s pages to the server: shows the rows given and reports the page asked for', async () => {
    setViewport(360);
    const onChange = vi.fn();
    render(
      <ResponsiveTable<Fruit>
        rowKey="id"
        columns={columns}
        dataSource={fruits.slice(0, 10)}
        pagination={{ current: 1, pageSize: 10, total: 30, onChange, showTotal: (total) => `${total} frutas` }}
      />,
    );
    expect(cards()).toHaveLength(10);
    expect(screen.getByText('30 frutas')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('2'));
    expect(onChange).toHaveBeenCalledWith(2, 10);
  });

  it('shows the empty text, or nothing while loading', () => {
    setViewport(360);
    const { rerender } = render(<ResponsiveTable<Fruit> rowKey="id" columns={columns} dataSource={[]} locale={{ emptyText: 'Sin frutas' }} />);
    expect(screen.getByText('Sin frutas')).toBeInTheDocument();
    rerender(<ResponsiveTable<Fruit> rowKey="id" columns={columns} dataSource={[]} loading locale={{ emptyText: 'Sin frutas' }} />);
    expect(screen.queryByText('Sin frutas')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
  });

  it('opens a row’s detail from its card', async () => {
    setViewport(360);
    render(
      <ResponsiveTable<Fruit>
        rowKey="id"
        columns={columns}
        dataSource={fruits.slice(0, 1)}
        pagination={false}
        expandable={{ expandedRowRender: (fruit) => <p>Cosechada en {fruit.origin}</p> }}
        locale={{ expand: 'Ver detalle', collapse: 'Ocultar detalle' }}
      />,
    );
    expect(screen.queryByText('Cosechada en Oaxaca')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ver detalle' }));
    expect(screen.getByText('Cosechada en Oaxaca')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar detalle' }));
    expect(screen.queryByText('Cosechada en Oaxaca')).not.toBeInTheDocument();
  });
});
