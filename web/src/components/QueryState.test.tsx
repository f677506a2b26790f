import type { ReactElement } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { testQueryClient } from '../test/render';
import { FORBIDDEN_TEXT, LOADING_LABEL, NOT_MEASURED, QueryErrorAlert, QueryState, RETRY_TEXT, measured } from './QueryState';

/** A read whose answers come from `answer`: a value, or an error to throw. */
function useRead(key: string, answer: () => Promise<string[]>) {
  return useQuery({ queryKey: [key], queryFn: answer });
}

function Listing({ answer, errorShownAbove }: { answer: () => Promise<string[]>; errorShownAbove?: boolean }) {
  const read = useRead('list', answer);
  return (
    <QueryState queries={read} isEmpty={read.data?.length === 0} empty="No hay noticias disponibles" errorShownAbove={errorShownAbove}>
      <ul aria-label="Noticias">{read.data?.map((item) => <li key={item}>{item}</li>)}</ul>
    </QueryState>
  );
}

function show(ui: ReactElement) {
  return render(<QueryClientProvider client={testQueryClient()}>{ui}</QueryClientProvider>);
}

const never = () => new Promise<string[]>(() => {});

describe('QueryState', () => {
  it('says it is loading, by name, until the answer comes', () => {
    show(<Listing answer={never} />);
    expect(screen.getByRole('status', { name: LOADING_LABEL })).toBeInTheDocument();
    expect(screen.queryByText('No hay noticias disponibles')).not.toBeInTheDocument();
  });

  it('shows the content after a successful answer', async () => {
    show(<Listing answer={() => Promise.resolve(['Feria de Coyoacán'])} />);
    expect(await screen.findByRole('list', { name: 'Noticias' })).toHaveTextContent('Feria de Coyoacán');
  });

  it("shows the page's empty text only after a successful empty answer", async () => {
    show(<Listing answer={() => Promise.resolve([])} />);
    expect(await screen.findByText('No hay noticias disponibles')).toBeInTheDocument();
  });

  it("shows the server's message with Reintentar, and the content once a retry succeeds", async () => {
    const answer = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(new ApiError('Error al cargar las noticias', 500)).mockResolvedValue(['Feria']);
    show(<Listing answer={answer} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar las noticias');
    expect(screen.queryByText('No hay noticias disponibles')).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: RETRY_TEXT }));
    expect(await screen.findByRole('list', { name: 'Noticias' })).toHaveTextContent('Feria');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(answer).toHaveBeenCalledTimes(2);
  });

  it('says the reader may not see it on a bare 403, with no retry', async () => {
    show(<Listing answer={() => Promise.reject(new ApiError('Error al cargar las noticias', 403))} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(FORBIDDEN_TEXT);
    expect(screen.queryByRole('button', { name: RETRY_TEXT })).not.toBeInTheDocument();
  });

  it("gives the server's own reason for a 403", async () => {
    show(<Listing answer={() => Promise.reject(new ApiError('Tu rol ya no puede ver la tesorería.', 403, true))} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Tu rol ya no puede ver la tesorería.');
  });

  it('shows a dash instead of a second copy of an error the page already shows', async () => {
    show(<Listing answer={() => Promise.reject(new ApiError('Error del servidor', 500))} errorShownAbove />);
    expect(await screen.findByText(NOT_MEASURED)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

function TwoWidgets({ first, second }: { first: () => Promise<string[]>; second: () => Promise<string[]> }) {
  const reads = [useRead('first', first), useRead('second', second)];
  return (
    <>
      <QueryErrorAlert queries={reads} />
      <output aria-label="Primero">{measured(reads[0] as (typeof reads)[0], (items) => items.length)}</output>
      <output aria-label="Segundo">{measured(reads[1] as (typeof reads)[1], (items) => items.length)}</output>
    </>
  );
}

describe('QueryErrorAlert', () => {
  it('shows the same failure of several reads once, and Reintentar asks again for each failed read', async () => {
    const first = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(new ApiError('Error de conexión', 0)).mockResolvedValue(['a', 'b']);
    const second = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(new ApiError('Error de conexión', 0)).mockResolvedValue([]);
    show(<TwoWidgets first={first} second={second} />);
    expect(await screen.findAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByText('Error de conexión')).toHaveLength(1);
    expect(screen.getByLabelText('Primero')).toHaveTextContent(NOT_MEASURED);
    expect(screen.getByLabelText('Segundo')).toHaveTextContent(NOT_MEASURED);

    await userEvent.click(screen.getByRole('button', { name: RETRY_TEXT }));
    await waitFor(() => expect(screen.getByLabelText('Primero')).toHaveTextContent('2'));
    expect(screen.getByLabelText('Segundo')).toHaveTextContent('0');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
