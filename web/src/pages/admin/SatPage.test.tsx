import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { Business, Profile, ServerCard } from '../../api/types';
import { everyPanel, jsonResponse, mockFetch, profile, testConfig } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { findDialogTitled, pngFile } from '../../test/tickets';
import { business, oficina } from '../../test/treasury';
import { setViewport } from '../../test/viewport';
import { CONFIDENTIAL_NOTE } from './BusinessFormDialog';
import { SatPage } from './SatPage';

/** Types a value at once (a paste): keystroke by keystroke is slow on a loaded machine. */
async function fill(field: HTMLElement, value: string) {
  await userEvent.click(field);
  await userEvent.paste(value);
}

type Handlers = Parameters<typeof mockFetch>[0];

const comite = profile();

const servers: ServerCard[] = ['Principal', 'Secundario', 'Eventos', 'Pruebas'].map((name, i) => ({
  name,
  code: `code${i}`,
  players: 0,
  maxPlayers: 40,
  status: 'online',
  joinUrl: `https://roblox.example/${i}`,
}));

const confidential: Partial<Business> = {
  rfc: 'TEH240115AB1',
  owner: { name: 'Héctor Salgado', discordId: '1400000000000000101', avatar: 'a1b2c3' },
};

function serveSat(user: Profile, list: Business[], handlers: Handlers = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/config': () => jsonResponse({ ...testConfig, servers }),
    '/api/auth/profile': () => jsonResponse(user),
    '/api/tickets/unread': () => jsonResponse({ count: 0 }),
    'GET /api/sat/businesses': () => jsonResponse(list),
    ...handlers,
  });
}

const card = (name: string) => screen.getByRole('article', { name });

/** Bytes that start like a PDF file. */
function pdfFile(name = 'acta.pdf', size?: number): File {
  const head = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
  const bytes = new Uint8Array(size ?? head.length);
  bytes.set(head.slice(0, bytes.length));
  return new File([bytes], name, { type: 'application/pdf' });
}

const fileInputs = (dialog: HTMLElement) => dialog.querySelectorAll<HTMLInputElement>('.business-file-picker input[type="file"]');

async function chooseOption(select: HTMLElement, title: string) {
  await userEvent.click(select);
  let option: HTMLElement | undefined;
  await waitFor(() => {
    option = screen.getAllByTitle(title).find((element) => element.classList.contains('ant-select-item-option'));
    expect(option).toBeDefined();
  });
  await userEvent.click(option as HTMLElement);
}

async function openRegistration() {
  await userEvent.click(await screen.findByRole('button', { name: /Registrar Nuevo Negocio/ }));
  return findDialogTitled('Registrar Nuevo Negocio');
}

async function fillSixFields(dialog: HTMLElement) {
  await fill(within(dialog).getByLabelText('Nombre del negocio'), 'Panadería La Espiga');
  await chooseOption(within(dialog).getByLabelText('Servidor'), 'Eventos');
  await fill(within(dialog).getByLabelText('Ubicación'), 'Calle Hidalgo 8');
  await fill(within(dialog).getByLabelText('RFC'), 'pes250301ab2');
  await fill(within(dialog).getByLabelText('Nombre del dueño'), 'Paula Espinoza');
  await fill(within(dialog).getByLabelText('ID de Discord del dueño'), '1400000000000000014');
}

describe('SatPage', () => {
  it('shows the cards without RFC or owner when the registry leaves them out', async () => {
    setViewport(1280);
    serveSat(comite, [business()]);
    renderWithProviders(<SatPage />, '/sat/business');
    expect(screen.getByRole('heading', { name: 'Panel SAT' })).toBeInTheDocument();
    expect(screen.getByText('Sistema de Administración de Negocios')).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Tacos El Halcón' });
    const shown = card('Tacos El Halcón');
    expect(shown).toHaveTextContent('Av. Juárez 120, Centro');
    expect(shown).toHaveTextContent('Servidor Principal');
    expect(within(shown).getByText('Activo')).toBeInTheDocument();
    expect(within(shown).getByRole('img', { name: 'Logo de Tacos El Halcón' })).toHaveAttribute('src', '/business-default.svg');
    expect(within(shown).getByRole('button', { name: /^Descargar\s*acta-constitutiva\.pdf/ })).toBeInTheDocument();
    expect(shown).not.toHaveTextContent('RFC');
    expect(within(shown).queryByRole('group', { name: 'Dueño' })).not.toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Editar Tacos El Halcón' })).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Suspender Tacos El Halcón' })).toBeInTheDocument();
  });

  it('shows the RFC and the owner with an avatar when the registry gives them', async () => {
    setViewport(1280);
    serveSat(oficina, [business({ ...confidential, logo: '/api/sat/businesses/1/logo' })]);
    renderWithProviders(<SatPage />, '/sat/business');
    await screen.findByRole('article', { name: 'Tacos El Halcón' });
    const shown = card('Tacos El Halcón');
    expect(shown).toHaveTextContent('RFC: TEH240115AB1');
    const owner = within(shown).getByRole('group', { name: 'Dueño' });
    expect(owner).toHaveTextContent('Héctor Salgado');
    expect(owner).toHaveTextContent('1400000000000000101');
    expect(within(owner).getByRole('img', { name: 'Héctor Salgado' })).toHaveAttribute('src', 'https://cdn.discordapp.com/avatars/1400000000000000101/a1b2c3.png');
    expect(within(shown).getByRole('img', { name: 'Logo de Tacos El Halcón' })).toHaveAttribute('src', '/api/sat/businesses/1/logo');
  });

  it('suspends and reactivates a business', async () => {
    setViewport(1280);
    const fetch = serveSat(comite, [business(), business({ id: 2, name: 'Taller Azteca', status: 'suspended', documents: [] })], {
      'PUT /api/sat/businesses/1/status': () => jsonResponse(business({ status: 'suspended' })),
      'PUT /api/sat/businesses/2/status': () => jsonResponse(business({ id: 2, name: 'Taller Azteca' })),
    });
    renderWithProviders(<SatPage />, '/sat/business');
    await screen.findByRole('article', { name: 'Taller Azteca' });
    expect(within(card('Taller Azteca')).getByText('Suspendido')).toBeInTheDocument();
    expect(card('Taller Azteca')).toHaveTextContent('Sin documentos');

    await userEvent.click(within(card('Tacos El Halcón')).getByRole('button', { name: 'Suspender Tacos El Halcón' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Suspender' }));
    await userEvent.click(within(card('Taller Azteca')).getByRole('button', { name: 'Reactivar Taller Azteca' }));
    await waitFor(() => {
      const puts = fetch.mock.calls.filter(([url, init]) => init?.method === 'PUT' && String(url).endsWith('/status'));
      expect(puts.map(([url, init]) => [String(url), JSON.parse(String(init?.body))])).toEqual([
        ['/api/sat/businesses/1/status', { status: 'suspended' }],
        ['/api/sat/businesses/2/status', { status: 'active' }],
      ]);
    });
  });

  it("says 'Error al cargar los negocios' when the registry fails", async () => {
    serveSat(comite, [], { 'GET /api/sat/businesses': () => new Response('', { status: 500 }) });
    renderWithProviders(<SatPage />, '/sat/business');
    expect(await screen.findByText('Error al cargar los negocios')).toBeInTheDocument();
  });
});

describe('Business registration', () => {
  it('refuses a sixth document, a wrong type and an oversized file, with the spec texts', async () => {
    setViewport(1280);
    serveSat(comite, []);
    renderWithProviders(<SatPage />, '/sat/business');
    const dialog = await openRegistration();
    const documents = () => fileInputs(dialog)[0] as HTMLInputElement;

    await userEvent.upload(documents(), [1, 2, 3, 4, 5].map((n) => pdfFile(`doc${n}.pdf`)));
    await within(dialog).findByText('doc5.pdf');
    await userEvent.upload(documents(), [pdfFile('doc6.pdf')]);
    expect(await within(dialog).findByText('Too many files')).toBeInTheDocument();
    expect(within(dialog).getByText('Puedes adjuntar hasta 5 documentos.')).toBeInTheDocument();
    expect(within(dialog).queryByText('doc6.pdf')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getAllByTitle('Eliminar archivo')[0] as HTMLElement);
    await waitFor(() => expect(within(dialog).queryByText('doc1.pdf')).not.toBeInTheDocument());

    await userEvent.upload(documents(), [new File(['hola'], 'falso.pdf', { type: 'application/pdf' })]);
    expect(await within(dialog).findByText('falso.pdf: File type must be one of application/pdf, image/png, image/jpeg')).toBeInTheDocument();
    expect(within(dialog).getByText('Solo se aceptan documentos PDF, PNG, JPG o JPEG: falso.pdf')).toBeInTheDocument();

    await userEvent.upload(documents(), [pdfFile('enorme.pdf', 10 * 1024 * 1024 + 1)]);
    expect(await within(dialog).findByText('enorme.pdf: File is larger than 10485760 bytes')).toBeInTheDocument();
    expect(within(dialog).getByText('Los siguientes documentos exceden el límite de 10 MB: enorme.pdf')).toBeInTheDocument();

    await userEvent.upload(fileInputs(dialog)[1] as HTMLInputElement, [pngFile('logo.png', 2 * 1024 * 1024 + 1)]);
    expect(await within(dialog).findByText('logo.png: File is larger than 2097152 bytes')).toBeInTheDocument();
  });

  it('asks for the six fields before sending', async () => {
    setViewport(1280);
    const fetch = serveSat(comite, []);
    renderWithProviders(<SatPage />, '/sat/business');
    const dialog = await openRegistration();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar Negocio' }));
    for (const message of [
      'El nombre del negocio es obligatorio',
      'Elige uno de los servidores',
      'La ubicación es obligatoria',
      'El RFC es obligatorio',
      'El nombre del dueño es obligatorio',
      'El ID de Discord del dueño es obligatorio',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends the six fields, the documents and the logo as multipart, then closes', async () => {
    setViewport(1280);
    const created = business({ id: 3, name: 'Panadería La Espiga', server: 'Eventos' });
    const fetch = serveSat(comite, [], { 'POST /api/sat/businesses': () => jsonResponse(created, 201) });
    renderWithProviders(<SatPage />, '/sat/business');
    const dialog = await openRegistration();
    expect(await screen.findByText('No hay negocios registrados')).toBeInTheDocument();
    await fillSixFields(dialog);
    await userEvent.upload(fileInputs(dialog)[0] as HTMLInputElement, [pdfFile('acta.pdf'), pngFile('permiso.png')]);
    await within(dialog).findByText('permiso.png');
    await userEvent.upload(fileInputs(dialog)[1] as HTMLInputElement, [pngFile('logo.png')]);
    await within(dialog).findByText('logo.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar Negocio' }));

    expect(await within(dialog).findByText('Negocio registrado exitosamente')).toBeInTheDocument();
    const post = fetch.mock.calls.find(([url, init]) => String(url) === '/api/sat/businesses' && init?.method === 'POST');
    const body = post?.[1]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(new Headers(post?.[1]?.headers).get('Content-Type')).toBeNull();
    const fields = Object.fromEntries(['name', 'location', 'server', 'rfc', 'ownerName', 'ownerDiscordId'].map((key) => [key, body.get(key)]));
    expect(fields).toEqual({
      name: 'Panadería La Espiga',
      location: 'Calle Hidalgo 8',
      server: 'Eventos',
      rfc: 'PES250301AB2',
      ownerName: 'Paula Espinoza',
      ownerDiscordId: '1400000000000000014',
    });
    expect(body.getAll('documents').map((file) => (file as File).name)).toEqual(['acta.pdf', 'permiso.png']);
    expect((body.get('logo') as File).name).toBe('logo.png');
    await waitFor(() => expect(!dialog.isConnected || /-leave/.test(dialog.className)).toBe(true), { timeout: 5000 });
    await waitFor(() => expect(fetch.mock.calls.filter(([url, init]) => String(url) === '/api/sat/businesses' && !init?.method).length).toBe(2));
  });

  it("shows the server's message, or 'Error al registrar el negocio'", async () => {
    setViewport(1280);
    let answer = () => jsonResponse({ message: 'Ya hay un negocio registrado con ese RFC.' }, 409);
    serveSat(comite, [], { 'POST /api/sat/businesses': () => answer() });
    renderWithProviders(<SatPage />, '/sat/business');
    const dialog = await openRegistration();
    await fillSixFields(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar Negocio' }));
    expect(await within(dialog).findByText('Ya hay un negocio registrado con ese RFC.')).toBeInTheDocument();
    answer = () => new Response('', { status: 500 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar Negocio' }));
    expect(await within(dialog).findByText('Error al registrar el negocio')).toBeInTheDocument();
  });

  it('edits the six fields as JSON', async () => {
    setViewport(1280);
    const fetch = serveSat(oficina, [business(confidential)], {
      'PUT /api/sat/businesses/1': ({ init }) => jsonResponse({ ...business(confidential), ...JSON.parse(String(init?.body)) }),
    });
    renderWithProviders(<SatPage />, '/sat/business');
    await screen.findByRole('article', { name: 'Tacos El Halcón' });
    await userEvent.click(screen.getByRole('button', { name: 'Editar Tacos El Halcón' }));
    const dialog = await findDialogTitled('Editar Negocio');
    expect(within(dialog).getByLabelText('RFC')).toHaveValue('TEH240115AB1');
    expect(fileInputs(dialog)).toHaveLength(0);
    const location = within(dialog).getByLabelText('Ubicación');
    await userEvent.clear(location);
    await fill(location, 'Av. Reforma 45');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByText('Negocio actualizado exitosamente')).toBeInTheDocument();
    const put = fetch.mock.calls.find(([url, init]) => String(url) === '/api/sat/businesses/1' && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      name: 'Tacos El Halcón',
      location: 'Av. Reforma 45',
      server: 'Principal',
      rfc: 'TEH240115AB1',
      ownerName: 'Héctor Salgado',
      ownerDiscordId: '1400000000000000101',
    });
  });

  it('lets an admin who cannot see the RFC and the owner edit the rest, and sends only that', async () => {
    setViewport(1280);
    const fetch = serveSat(comite, [business()], {
      'PUT /api/sat/businesses/1': ({ init }) => jsonResponse({ ...business(), ...JSON.parse(String(init?.body)) }),
    });
    renderWithProviders(<SatPage />, '/sat/business');
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Tacos El Halcón' }));
    const dialog = await findDialogTitled('Editar Negocio');
    expect(within(dialog).getByText(CONFIDENTIAL_NOTE)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('RFC')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Nombre del dueño')).not.toBeInTheDocument();
    const name = within(dialog).getByLabelText('Nombre del negocio');
    expect(name).toHaveValue('Tacos El Halcón');
    await userEvent.clear(name);
    await fill(name, 'Tacos El Halcón II');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByText('Negocio actualizado exitosamente')).toBeInTheDocument();
    const put = fetch.mock.calls.find(([url, init]) => String(url) === '/api/sat/businesses/1' && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ name: 'Tacos El Halcón II', location: business().location, server: 'Principal' });
  });

  it('offers only what the permission matrix grants on the SAT panel', async () => {
    setViewport(1280);
    const editor = profile({ panels: { ...everyPanel({ read: true, modify: true, manage: true }), SAT: { read: true, modify: true, manage: false } } });
    serveSat(editor, [business()]);
    renderWithProviders(<SatPage />, '/sat/business');
    expect(await screen.findByRole('button', { name: 'Editar Tacos El Halcón' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Registrar Nuevo Negocio/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspender Tacos El Halcón' })).not.toBeInTheDocument();
  });
});
