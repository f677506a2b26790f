import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/fixtures';
import { countedResponse } from '../test/staffRoster';
import { ApiError, UnexpectedDataError, apiFetchWithHeaders } from './client';
import { MODERATORS_FORMAT_ERROR, MODERATORS_LOAD_ERROR, fetchModeratorsPage, rosterSearch, staffKeys } from './staff';
import type { Moderator } from './types';

function stubFetch(response: () => Response) {
  const fn = vi.fn<typeof fetch>(async () => response());
  vi.stubGlobal('fetch', fn);
  return fn;
}

const member: Moderator = {
  UserId: '101',
  username: 'halcon_mx',
  avatar: '',
  TiempoContratado: null,
  TiempoTotal: 3600,
  Inactividad: 'No',
  jornada: { horasSemanales: 0, Servidor: '', Lunes: 0, Martes: 0, Miercoles: 0, Jueves: 0, Viernes: 0, Sabado: 0, Domingo: 0 },
};

describe('apiFetchWithHeaders', () => {
  it("gives the parsed body with the answer's headers", async () => {
    stubFetch(() => countedResponse([1, 2], 40));
    const { data, headers } = await apiFetchWithHeaders<number[]>('/api/x');
    expect(data).toEqual([1, 2]);
    expect(headers.get('X-Total-Count')).toBe('40');
  });

  it("throws the server's message as apiFetch does", async () => {
    stubFetch(() => jsonResponse({ message: 'La página debe ser 1 o mayor.' }, 400));
    const error = await apiFetchWithHeaders('/api/x', { errorMessage: 'otro' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('La página debe ser 1 o mayor.');
    expect((error as ApiError).status).toBe(400);
  });
});

describe('fetchModeratorsPage', () => {
  it('asks for the page, its size and the search, and reads the total from X-Total-Count', async () => {
    const fetch = stubFetch(() => countedResponse([member], 37));
    await expect(fetchModeratorsPage({ q: '  halcón ', page: 3, limit: 10 })).resolves.toEqual({ members: [member], total: 37 });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/staff/moderators?q=halc%C3%B3n&limit=10&page=3');
  });

  it('sends no q for an empty search', () => {
    expect(rosterSearch({ q: '   ', page: 1, limit: 5 })).toBe('limit=5&page=1');
    expect(rosterSearch({ page: 2, limit: 20 })).toBe('limit=20&page=2');
  });

  it('counts at least what it was shown when the header is missing', async () => {
    stubFetch(() => jsonResponse([member]));
    await expect(fetchModeratorsPage({ page: 2, limit: 10 })).resolves.toEqual({ members: [member], total: 11 });
  });

  it("says 'Formato de datos inesperado' when the body is not a list", async () => {
    stubFetch(() => countedResponse({ moderators: [member] }, 1));
    const error = await fetchModeratorsPage({ page: 1, limit: 5 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnexpectedDataError);
    expect((error as Error).message).toBe(MODERATORS_FORMAT_ERROR);
  });

  it("says 'Error al cargar la lista de moderadores' when the server fails without a message", async () => {
    stubFetch(() => new Response('', { status: 500 }));
    await expect(fetchModeratorsPage({ page: 1, limit: 5 })).rejects.toThrow(MODERATORS_LOAD_ERROR);
  });

  it('keys every page and search under the roster, so a change refreshes them all', () => {
    const key = staffKeys.moderatorsPage({ q: ' ana ', page: 2, limit: 10 });
    expect(key.slice(0, 2)).toEqual([...staffKeys.moderators]);
    expect(key[2]).toEqual({ q: 'ana', page: 2, limit: 10 });
  });
});
