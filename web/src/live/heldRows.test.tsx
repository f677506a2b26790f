import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHeldRows } from './heldRows';

interface Row {
  id: string;
  title: string;
}
const idOf = (row: Row) => row.id;
const rows = (...ids: string[]) => ids.map((id) => ({ id, title: `ticket ${id}` }));

describe('useHeldRows', () => {
  it('shows the first answer, then keeps rows a refresh brings waiting until the reader asks', () => {
    const { result, rerender } = renderHook(({ list, view }: { list?: Row[]; view: string | null }) => useHeldRows(list, idOf, view), {
      initialProps: { list: undefined as Row[] | undefined, view: 'open' as string | null },
    });
    expect(result.current.rows).toEqual([]);
    rerender({ list: rows('2', '1'), view: 'open' });
    expect(result.current.rows.map(idOf)).toEqual(['2', '1']);

    // A new ticket on top and a change to one shown: the change shows in place, the new one waits.
    rerender({ list: [{ id: '3', title: 'nuevo' }, { id: '2', title: 'cambiado' }, ...rows('1')], view: 'open' });
    expect(result.current.rows).toEqual([{ id: '2', title: 'cambiado' }, ...rows('1')]);
    expect(result.current.waiting).toBe(1);

    act(() => result.current.showAll());
    expect(result.current.rows.map(idOf)).toEqual(['3', '2', '1']);
    expect(result.current.waiting).toBe(0);
  });

  it("shows a new view's first answer as it comes, and rows of no view as they are", () => {
    const { result, rerender } = renderHook(({ list, view }: { list?: Row[]; view: string | null }) => useHeldRows(list, idOf, view), {
      initialProps: { list: rows('1') as Row[] | undefined, view: 'open' as string | null },
    });
    rerender({ list: rows('1'), view: null });
    expect(result.current.rows.map(idOf)).toEqual(['1']);
    rerender({ list: rows('9', '8'), view: 'closed' });
    expect(result.current.rows.map(idOf)).toEqual(['9', '8']);
    expect(result.current.waiting).toBe(0);
  });

  it('drops a row gone from the answer and keeps the same rows when nothing changed', () => {
    const first = rows('2', '1');
    const { result, rerender } = renderHook(({ list }: { list: Row[] }) => useHeldRows(list, idOf, 'open'), { initialProps: { list: first } });
    rerender({ list: first });
    expect(result.current.rows).toBe(first);
    rerender({ list: rows('1') });
    expect(result.current.rows.map(idOf)).toEqual(['1']);
  });
});
