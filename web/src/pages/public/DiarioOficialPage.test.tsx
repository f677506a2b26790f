import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Law } from '../../api/diarioOficial';
import { jsonResponse, mockFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DiarioOficialPage } from './DiarioOficialPage';

const laws: Law[] = [
  {
    _id: 7,
    title: 'Ley de Tránsito',
    text: 'Artículo 1. La velocidad máxima en la ciudad es de 60 km/h.\nArtículo 2. Se usa casco.',
    type: 'Congreso',
    bodyName: 'Cámara de Diputados',
    result: 'approved',
    votes: { infavor: 5, against: 2, abstention: 1 },
    presentedAt: '2026-02-20T18:00:00Z',
    approvedAt: '2026-03-01T18:00:00Z',
  },
  {
    _id: 3,
    title: 'Ley del Agua',
    text: 'El agua es de todos.',
    type: 'SCJN',
    bodyName: 'SCJN',
    result: 'approved',
    votes: { infavor: 3, against: 0, abstention: 0 },
    presentedAt: '2026-01-10T18:00:00Z',
    approvedAt: '2026-01-15T18:00:00Z',
  },
];

/** Answers the Diario Oficial, searched by q, and records whether a token went with it. */
function serve(all: Law[]) {
  const seen: { authorization: string | null; q: string }[] = [];
  const fetch = mockFetch({
    '/api/diario-oficial': ({ url, init }) => {
      const q = (new URL(url, 'http://x').searchParams.get('q') ?? '').toLowerCase();
      seen.push({ authorization: new Headers(init?.headers).get('Authorization'), q });
      const found = all.filter((l) => !q || `${l.title} ${l.text}`.toLowerCase().includes(q));
      return jsonResponse({ laws: found, total: found.length, page: 1, limit: 10 });
    },
  });
  return { fetch, seen };
}

describe('DiarioOficialPage', () => {
  it('publishes each approved law with its text, dates and tally, without a session', async () => {
    localStorage.setItem('token', 'stale');
    const { seen } = serve(laws);
    renderWithProviders(<DiarioOficialPage />, '/diario-oficial');
    expect(screen.getByRole('heading', { level: 1, name: 'Diario Oficial' })).toBeInTheDocument();
    const law = await screen.findByRole('article', { name: 'Ley de Tránsito' });
    expect(within(law).getByText('Cámara de Diputados')).toBeInTheDocument();
    expect(within(law).getByText('Aprobada')).toBeInTheDocument();
    expect(within(law).getByLabelText('Resultado: 5 a favor, 2 en contra, 1 abstención')).toBeInTheDocument();
    expect(law).toHaveTextContent('Artículo 2. Se usa casco.');
    const times = law.querySelectorAll('time');
    expect([...times].map((t) => t.getAttribute('dateTime'))).toEqual(['2026-02-20T18:00:00Z', '2026-03-01T18:00:00Z']);
    expect(screen.getByRole('article', { name: 'Ley del Agua' })).toBeInTheDocument();
    expect(screen.getByText('2 leyes')).toBeInTheDocument();
    expect(seen[0]?.authorization).toBeNull();
  });

  it('says 10,000+ leyes when the server stopped counting, and keeps the next page while pages come back full', async () => {
    const page = Array.from({ length: 10 }, (_, i) => ({ ...laws[1]!, _id: 100 + i, title: `Ley ${i}` }));
    mockFetch({ '/api/diario-oficial': () => jsonResponse({ laws: page, total: 10_000, totalCapped: true, page: 1, limit: 10 }) });
    renderWithProviders(<DiarioOficialPage />, '/diario-oficial');
    expect(await screen.findByText('10,000+ leyes')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: '1000' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Página siguiente' })).toHaveAttribute('aria-disabled', 'false');
  });

  it('searches the title and the text, and says when nothing matches', async () => {
    const { seen } = serve(laws);
    renderWithProviders(<DiarioOficialPage />, '/diario-oficial');
    await screen.findByRole('article', { name: 'Ley del Agua' });
    const search = screen.getByRole('searchbox', { name: 'Buscar leyes' });
    await userEvent.type(search, 'casco{Enter}');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ley del Agua' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Ley de Tránsito' })).toBeInTheDocument();
    expect(seen.at(-1)?.q).toBe('casco');
    await userEvent.clear(search);
    await userEvent.type(search, 'impuestos{Enter}');
    expect(await screen.findByText('Ninguna ley coincide con la búsqueda')).toBeInTheDocument();
  });

  it('says when no law has been approved yet, and when the list cannot load', async () => {
    serve([]);
    const { unmount } = renderWithProviders(<DiarioOficialPage />, '/diario-oficial');
    expect(await screen.findByText('Aún no se ha aprobado ninguna ley')).toBeInTheDocument();
    unmount();
    mockFetch({ '/api/diario-oficial': () => jsonResponse({ message: 'Búsqueda no válida' }, 400) });
    renderWithProviders(<DiarioOficialPage />, '/diario-oficial');
    expect(await screen.findByText('Búsqueda no válida')).toBeInTheDocument();
  });
});
