import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SubmitOutcome, useFocusOnShow } from './SubmitOutcome';

function Search() {
  const [result, setResult] = useState<string | null>(null);
  return (
    <>
      <button onClick={() => setResult((r) => (r === 'Primero' ? 'Segundo' : 'Primero'))}>Buscar</button>
      {result ? (
        <SubmitOutcome key={result}>
          <p>{result}</p>
        </SubmitOutcome>
      ) : null}
    </>
  );
}

function Saved() {
  const [count, setCount] = useState(0);
  const ref = useFocusOnShow<HTMLElement>(count);
  return (
    <>
      <button onClick={() => setCount((c) => c + 1)}>Guardar</button>
      <section ref={ref} tabIndex={-1} aria-label="Guardado">
        {count}
      </section>
    </>
  );
}

describe('SubmitOutcome', () => {
  it('takes focus when it appears, and again when a new result replaces it', async () => {
    render(<Search />);
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByText('Primero').parentElement).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByText('Segundo').parentElement).toHaveFocus();
  });
});

describe('useFocusOnShow', () => {
  it('leaves focus alone until there is something to show, then moves it there', async () => {
    render(<Saved />);
    expect(screen.getByRole('region', { name: 'Guardado' })).not.toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByRole('region', { name: 'Guardado' })).toHaveFocus();
  });
});
