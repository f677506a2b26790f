import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import { MEXICAN_STATES, PASSPORT_COUNTRIES } from '../../api/serverConstants.gen';
import type { DocumentStatus, IdentityDocument } from '../../api/types';
import { jsonResponse, mockFetch, profile } from '../../test/fixtures';
import { ineDocument, passportDocument } from '../../test/identity';
import { renderWithProviders } from '../../test/render';
import { findDialogTitled } from '../../test/tickets';
import { setViewport } from '../../test/viewport';
import dayjs from 'dayjs';
import { ageFrom, outsideBirthRange } from './DocumentDialog';
import { DocumentsPage } from './DocumentsPage';

const player = profile({ username: 'jugador', discordId: '1400000000000000014', discordRoles: [] });

type Handlers = Parameters<typeof mockFetch>[0];

function serve(status: DocumentStatus, document: IdentityDocument | null, extra: Handlers = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(player),
    '/api/documents/status': () => jsonResponse(status),
    '/api/documents/mine': () => jsonResponse({ document }),
    ...extra,
  });
}

const NONE: DocumentStatus = { hasINE: false, hasPasaporte: false };

/** Picks an option of an antd Select by its text. */
async function choose(combobox: HTMLElement, text: string) {
  await userEvent.click(combobox);
  await userEvent.type(combobox, text);
  const option = await waitFor(() => {
    const found = screen.getAllByTitle(text).find((element) => element.classList.contains('ant-select-item-option'));
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  await userEvent.click(option);
}

/** Fills a text box in one input event (typing key by key is slow under jsdom). */
async function fill(input: HTMLElement, value: string) {
  await userEvent.click(input);
  await userEvent.paste(value);
}

async function typeBirthDate(dialog: HTMLElement, value: string) {
  const input = within(dialog).getByLabelText('Fecha de Nacimiento');
  await userEvent.click(input);
  await userEvent.type(input, `${value}{Enter}`);
}

/** The age on today's date of someone born on 14 March 2000. */
function ageOfBornMarch14th2000(): number {
  const today = new Date();
  const passed = today.getMonth() > 2 || (today.getMonth() === 2 && today.getDate() >= 14);
  return today.getFullYear() - 2000 - (passed ? 0 : 1);
}

/** Opens a document's form once the status has enabled its button. */
async function openDialog(button: string) {
  await waitFor(() => expect(screen.getByRole('button', { name: button })).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: button }));
}

function calls(fetch: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetch.mock.calls.filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method);
}

describe('DocumentsPage', () => {
  it('shows both cards with their creation buttons to a player without a document', async () => {
    setViewport(1280);
    serve(NONE, null);
    renderWithProviders(<DocumentsPage />, '/documents');
    expect(screen.getByRole('heading', { name: 'Sistema de Documentación' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Crear INE' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Crear Pasaporte' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Identificación Nacional' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pasaporte Internacional' })).toBeInTheDocument();
    expect(await screen.findByText('Todavía no tienes un documento de identidad.')).toBeInTheDocument();
  });

  it("disables both buttons with 'Ya tienes INE' for an INE holder, and shows the document", async () => {
    serve({ hasINE: true, hasPasaporte: false }, ineDocument());
    renderWithProviders(<DocumentsPage />, '/documents');
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Ya tienes INE' })).toHaveLength(2));
    for (const button of screen.getAllByRole('button', { name: 'Ya tienes INE' })) expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Crear Pasaporte' })).not.toBeInTheDocument();
    expect(screen.getByText('Solo puedes tener un documento de identidad: la INE o el pasaporte.')).toBeInTheDocument();

    const card = await screen.findByRole('region', { name: 'Identificación Nacional' });
    for (const text of ['INE-4821-0937-1150', 'Juan', 'Pérez', 'JugadorMX', 'Jalisco', 'Zapopan', '14/03/2000', '25 años', '03/03/2025']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
  });

  it("disables both buttons with 'Ya tienes Pasaporte' for a passport holder", async () => {
    serve({ hasINE: false, hasPasaporte: true }, passportDocument());
    renderWithProviders(<DocumentsPage />, '/documents');
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Ya tienes Pasaporte' })).toHaveLength(2));
    for (const button of screen.getAllByRole('button', { name: 'Ya tienes Pasaporte' })) expect(button).toBeDisabled();
    const card = await screen.findByRole('region', { name: 'Pasaporte Internacional' });
    expect(within(card).getByText('España')).toBeInTheDocument();
    expect(within(card).queryByText('Estado')).not.toBeInTheDocument();
  });

  it('requires every field, with the spec message for the birth date', async () => {
    serve(NONE, null);
    renderWithProviders(<DocumentsPage />, '/documents');
    await openDialog('Crear INE');
    const dialog = await findDialogTitled('Identificación Nacional');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear INE' }));
    expect(await within(dialog).findByText('La fecha de nacimiento es obligatoria')).toBeInTheDocument();
    for (const message of ['El nombre de Roblox es obligatorio', 'El nombre es obligatorio', 'El apellido es obligatorio', 'El estado es obligatorio', 'El municipio es obligatorio']) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
  });

  it('computes the age, posts the birth date as dd/mm/yyyy, closes the dialog and reloads the status', async () => {
    let status = NONE;
    let body: unknown = null;
    const fetch = serve(NONE, null, {
      '/api/documents/status': () => jsonResponse(status),
      'POST /api/documents/ine': ({ init }) => {
        body = JSON.parse(String(init?.body));
        status = { hasINE: true, hasPasaporte: false };
        return jsonResponse({ message: 'Identificación Nacional creada.', document: ineDocument() }, 201);
      },
    });
    renderWithProviders(<DocumentsPage />, '/documents');
    await openDialog('Crear INE');
    const dialog = await findDialogTitled('Identificación Nacional');

    await fill(within(dialog).getByLabelText('Nombre de Roblox'), 'JugadorMX');
    await fill(within(dialog).getByLabelText('Nombre'), 'Juan');
    await fill(within(dialog).getByLabelText('Apellido'), 'Pérez');
    await choose(within(dialog).getByRole('combobox', { name: 'Estado' }), 'Jalisco');
    await fill(within(dialog).getByLabelText('Municipio'), 'Zapopan');
    expect(within(dialog).getByLabelText('Edad')).toHaveValue('');
    await typeBirthDate(dialog, '14/03/2000');
    await waitFor(() => expect(within(dialog).getByLabelText('Edad')).toHaveValue(`${ageOfBornMarch14th2000()} años`));
    expect(within(dialog).getByLabelText('Edad')).toHaveAttribute('readonly');

    const statusReads = calls(fetch, 'GET', '/api/documents/status').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear INE' }));
    await waitFor(() =>
      expect(body).toEqual({
        RobloxName: 'JugadorMX',
        Nombre: 'Juan',
        Apellido: 'Pérez',
        Estado: 'Jalisco',
        Municipio: 'Zapopan',
        FechaNacimiento: '14/03/2000',
      }),
    );
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Ya tienes INE' })).toHaveLength(2));
    expect(calls(fetch, 'GET', '/api/documents/status').length).toBeGreaterThan(statusReads);
    // jsdom runs no animations: a closing dialog stays in its leave motion.
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
  });

  it("shows the server's message when it refuses the document", async () => {
    serve(NONE, null, {
      'POST /api/documents/pasaporte': () => jsonResponse({ message: 'Ya tienes INE: no puedes tramitar otro documento.' }, 409),
    });
    renderWithProviders(<DocumentsPage />, '/documents');
    await openDialog('Crear Pasaporte');
    const dialog = await findDialogTitled('Pasaporte Internacional');
    await fill(within(dialog).getByLabelText('Nombre de Roblox'), 'Turista_2026');
    await fill(within(dialog).getByLabelText('Nombre'), 'Ana');
    await fill(within(dialog).getByLabelText('Apellido'), 'García');
    await choose(within(dialog).getByRole('combobox', { name: 'País' }), 'España');
    await typeBirthDate(dialog, '01/01/1990');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear Pasaporte' }));
    expect(await within(dialog).findByText('Ya tienes INE: no puedes tramitar otro documento.')).toBeInTheDocument();
  });

  it.each([
    ['INE', 'Crear INE', 'Identificación Nacional', 'Error al crear la Identificación Nacional'],
    ['PASAPORTE', 'Crear Pasaporte', 'Pasaporte Internacional', 'Error al crear el Pasaporte Internacional'],
  ])('names the %s document when the network fails', async (kind, button, title, message) => {
    serve(NONE, null, {
      [kind === 'INE' ? 'POST /api/documents/ine' : 'POST /api/documents/pasaporte']: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderWithProviders(<DocumentsPage />, '/documents');
    await openDialog(button);
    const dialog = await findDialogTitled(title);
    await fill(within(dialog).getByLabelText('Nombre de Roblox'), 'JugadorMX');
    await fill(within(dialog).getByLabelText('Nombre'), 'Juan');
    await fill(within(dialog).getByLabelText('Apellido'), 'Pérez');
    if (kind === 'INE') {
      await choose(within(dialog).getByRole('combobox', { name: 'Estado' }), 'Ciudad de México');
      await fill(within(dialog).getByLabelText('Municipio'), 'Coyoacán');
    } else {
      await choose(within(dialog).getByRole('combobox', { name: 'País' }), 'Japón');
    }
    await typeBirthDate(dialog, '14/03/2000');
    await userEvent.click(within(dialog).getByRole('button', { name: button }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it('offers the 32 states and the 18 countries, spelled as the server checks them', () => {
    expect(MEXICAN_STATES).toHaveLength(32);
    expect(new Set(MEXICAN_STATES).size).toBe(32);
    expect(MEXICAN_STATES).toContain('Ciudad de México');
    expect(MEXICAN_STATES).toContain('México');
    expect(PASSPORT_COUNTRIES).toEqual([
      'México',
      'Estados Unidos',
      'Canadá',
      'España',
      'Argentina',
      'Colombia',
      'Chile',
      'Perú',
      'Brasil',
      'Francia',
      'Italia',
      'Alemania',
      'Reino Unido',
      'Japón',
      'China',
      'Australia',
      'Corea del Sur',
      'India',
    ]);
  });

  it('asks a signed-out visitor to sign in', () => {
    mockFetch();
    renderWithProviders(<DocumentsPage />, '/documents');
    expect(screen.getByText('Inicia Sesión para usar esto')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Crear INE' })).not.toBeInTheDocument();
  });

  it('offers no birth date from today on, nor before 1900', () => {
    const today = dayjs().startOf('day');
    expect(outsideBirthRange(today.add(1, 'day'))).toBe(true);
    expect(outsideBirthRange(today)).toBe(true);
    expect(outsideBirthRange(today.subtract(1, 'day'))).toBe(false);
    expect(outsideBirthRange(dayjs('1900-01-01'))).toBe(false);
    expect(outsideBirthRange(dayjs('1899-12-31'))).toBe(true);
  });

  it('computes the age from the picked date', () => {
    // Noon in Mexico City (18:00 UTC): the age counts days of the community's calendar.
    expect(ageFrom(dayjs('2000-03-14'), new Date(Date.UTC(2025, 2, 13, 18)))).toBe(24);
    expect(ageFrom(dayjs('2000-03-14'), new Date(Date.UTC(2025, 2, 14, 18)))).toBe(25);
    expect(ageFrom(null)).toBeNull();
  });
});
