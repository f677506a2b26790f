import { Profiler } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../api/client';
import { jsonResponse, mockFetch, mockProfileServer, profile, roleIds } from '../test/fixtures';
import { focusWindow } from '../test/focus';
import { renderWithProviders } from '../test/render';
import { setViewport } from '../test/viewport';
import { NavBar } from './NavBar';

function signIn(overrides: Parameters<typeof profile>[0]) {
  localStorage.setItem(TOKEN_KEY, 'token');
  mockFetch({ '/api/auth/profile': () => jsonResponse(profile(overrides)) });
}

const mainNav = () => screen.getByRole('navigation', { name: 'Navegación principal' });

/** The open user menu (the horizontal navigation is a menu too); its code downloads on demand. */
async function userMenu() {
  await userEvent.click(await screen.findByRole('button', { name: /^Menú de usuario/ }));
  let menu: HTMLElement | undefined;
  await waitFor(() => {
    menu = screen.getAllByRole('menu').find((m) => !mainNav().contains(m));
    expect(menu).toBeDefined();
  });
  return menu as HTMLElement;
}

describe('NavBar', () => {
  it('shows the public items and a sign-in button when signed out', async () => {
    setViewport(1280);
    mockFetch();
    renderWithProviders(<NavBar />, '/');
    const nav = mainNav();
    expect(within(nav).getByText('Inicio')).toBeInTheDocument();
    expect(within(nav).getByText('Contacto')).toBeInTheDocument();
    expect(within(nav).getByText('Convocatoria de Dibujantes')).toBeInTheDocument();
    expect(within(nav).queryByText('Expedientes')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Tesorería')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Iniciar Sesión/ }));
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('brands with the community name and links it home', async () => {
    setViewport(1280);
    mockFetch();
    renderWithProviders(<NavBar />, '/shop');
    const brand = await screen.findByRole('link', { name: 'Zócalo RP: Inicio' });
    expect(brand).toHaveAttribute('href', '/');
  });

  it('shows every item and the full user menu to a COMITE member', async () => {
    setViewport(1280);
    signIn({ username: 'comite', discordRoles: [roleIds.COMITE] });
    renderWithProviders(<NavBar />, '/');
    await waitFor(() => expect(within(mainNav()).getByText('Tesorería')).toBeInTheDocument());
    for (const item of ['Tienda', 'Expedientes', 'Documentos', 'Soporte', 'Legislativo']) {
      expect(within(mainNav()).getByText(item)).toBeInTheDocument();
    }

    const menu = await userMenu();
    for (const entry of ['Mi Perfil', 'Perfil de Staff', 'Dashboard', 'Panel de Soporte', 'Gestión de Noticias', 'Seguridad y Auditoría', 'Claves de API', 'Cerrar Sesión']) {
      expect(within(menu).getByText(entry)).toBeInTheDocument();
    }
    expect(within(menu).queryByText('Ver Aplicaciones')).not.toBeInTheDocument();
    await userEvent.click(within(menu).getByText('Claves de API'));
    expect(screen.getByTestId('location').textContent).toBe('/admin/api-keys');
  });

  it.each([
    ['COMITE', roleIds.COMITE],
    ['MODERADOR', roleIds.MODERADOR],
    ['TRIAL', roleIds.TRIAL],
  ])('offers %s the staff profile and the support panel in the user menu', async (_name, role) => {
    setViewport(1280);
    signIn({ username: 'staff', discordRoles: [role] });
    renderWithProviders(<NavBar />, '/');
    await waitFor(() => expect(within(mainNav()).getByText('Expedientes')).toBeInTheDocument());
    const menu = await userMenu();
    expect(within(menu).getByText('Panel de Soporte')).toBeInTheDocument();
    await userEvent.click(within(menu).getByText('Perfil de Staff'));
    expect(screen.getByTestId('location').textContent).toBe('/staff/profile');
  });

  it.each([
    ['a player without roles', []],
    ['a treasurer', [roleIds.TESORERIA]],
    ['a deputy', [roleIds.DIPUTADO]],
  ])('opens the player profile from Mi Perfil for %s, without Claves de API', async (_name, roles) => {
    setViewport(1280);
    signIn({ username: 'jugador', discordRoles: roles });
    renderWithProviders(<NavBar />, '/');
    await waitFor(() => expect(within(mainNav()).getByText('Expedientes')).toBeInTheDocument());
    const menu = await userMenu();
    expect(within(menu).queryByText('Claves de API')).not.toBeInTheDocument();
    await userEvent.click(within(menu).getByText('Mi Perfil'));
    expect(screen.getByTestId('location').textContent).toBe('/perfil');
  });

  it('opens the user menu inside the sticky header, so that scrolling the page does not move it away from a click', async () => {
    setViewport(1280);
    signIn({ username: 'jugador', discordRoles: [] });
    const { container } = renderWithProviders(<NavBar />, '/');
    await screen.findByRole('button', { name: /^Menú de usuario/ });
    const menu = await userMenu();
    expect(container.querySelector('header')?.contains(menu)).toBe(true);
    expect(within(menu).getByText('Cerrar Sesión')).toBeInTheDocument();
  });

  it('hides staff and role items from a player, and shows Ver Aplicaciones to a reviewer', async () => {
    setViewport(1280);
    signIn({ username: 'revisor', discordRoles: [], reviewer: true });
    renderWithProviders(<NavBar />, '/');
    await waitFor(() => expect(within(mainNav()).getByText('Expedientes')).toBeInTheDocument());
    expect(within(mainNav()).queryByText('Legislativo')).not.toBeInTheDocument();
    expect(within(mainNav()).queryByText('Tesorería')).not.toBeInTheDocument();

    const menu = await userMenu();
    expect(within(menu).getByText('Ver Aplicaciones')).toBeInTheDocument();
    expect(within(menu).queryByText('Panel de Soporte')).not.toBeInTheDocument();
    expect(within(menu).queryByText('Dashboard')).not.toBeInTheDocument();
    expect(within(menu).queryByText('Claves de API')).not.toBeInTheDocument();
    expect(within(menu).getByText('Mi Perfil')).toBeInTheDocument();
  });

  it('follows the roles of the refreshed profile', async () => {
    setViewport(1280);
    localStorage.setItem(TOKEN_KEY, 'token');
    const server = mockProfileServer(profile({ username: 'jugador', discordRoles: [] }));
    renderWithProviders(<NavBar />, '/');
    await waitFor(() => expect(within(mainNav()).getByText('Expedientes')).toBeInTheDocument());
    expect(within(mainNav()).queryByText('Tesorería')).not.toBeInTheDocument();

    server.answer(profile({ username: 'jugador', discordRoles: [roleIds.TESORERIA] }));
    await focusWindow();
    await waitFor(() => expect(within(mainNav()).getByText('Tesorería')).toBeInTheDocument());

    server.answer(profile({ username: 'jugador', discordRoles: [] }));
    await focusWindow();
    await waitFor(() => expect(within(mainNav()).queryByText('Tesorería')).not.toBeInTheDocument());
  });

  it('shows the avatar image, or the first letter of the name', async () => {
    setViewport(1280);
    signIn({ username: 'moderador', discordId: '42', avatar: 'abc123', discordRoles: [roleIds.MODERADOR] });
    renderWithProviders(<NavBar />, '/');
    // The avatar is decoration beside the name, hidden from the accessibility tree.
    const img = await screen.findByRole('img', { name: 'moderador', hidden: true });
    expect(img).toHaveAttribute('src', 'https://cdn.discordapp.com/avatars/42/abc123.png');
  });

  it('falls back to the initial without an avatar', async () => {
    setViewport(1280);
    signIn({ username: 'jugador', avatar: '', discordRoles: [] });
    renderWithProviders(<NavBar />, '/');
    const button = await screen.findByRole('button', { name: /^Menú de usuario/ });
    await waitFor(() => expect(within(button).getByText('J')).toBeInTheDocument());
  });

  it.each(['Contacto', 'Convocatoria de Dibujantes'])('opens the %s dialog', async (title) => {
    setViewport(1280);
    mockFetch();
    renderWithProviders(<NavBar />, '/');
    await userEvent.click(within(mainNav()).getByText(title));
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
  });

  it("draws the layout of the window's width in its first render, with no second pass to measure it", () => {
    setViewport(375);
    mockFetch();
    const commits: string[] = [];
    renderWithProviders(
      <Profiler id="nav" onRender={(_id, phase) => commits.push(phase)}>
        <NavBar />
      </Profiler>,
      '/',
    );
    // Effects have run (render() waits for them): a breakpoint measured in one would have
    // committed the bar again, both layouts first and the narrow one after.
    expect(commits).toEqual(['mount']);
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegación principal' })).not.toBeInTheDocument();
  });

  it('cuts a long username with an ellipsis drawn by the stylesheet, the whole name in its title', async () => {
    setViewport(1600);
    signIn({ username: 'un_nombre_de_usuario_muy_largo_para_la_barra', discordRoles: [] });
    renderWithProviders(<NavBar />, '/');
    const button = await screen.findByRole('button', { name: /^Menú de usuario/ });
    const name = within(button).getByTitle('un_nombre_de_usuario_muy_largo_para_la_barra');
    expect(name).toHaveTextContent('un_nombre_de_usuario_muy_largo_para_la_barra');
    expect(name.style.textOverflow).toBe('ellipsis');
    expect(name.style.whiteSpace).toBe('nowrap');
    expect(name.style.overflow).toBe('hidden');
  });

  it('collapses into a menu on narrow screens, with Iniciar Sesión', async () => {
    setViewport(375);
    mockFetch();
    renderWithProviders(<NavBar />, '/');
    expect(screen.queryByRole('navigation', { name: 'Navegación principal' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const drawer = await screen.findByRole('navigation', { name: 'Menú' });
    expect(within(drawer).getByText('Inicio')).toBeInTheDocument();
    expect(within(drawer).getByText('Iniciar Sesión')).toBeInTheDocument();
    expect(within(drawer).queryByText('Dashboard')).not.toBeInTheDocument();
  });

  it('keeps the user menu, with Mi Perfil, on narrow screens', async () => {
    setViewport(375);
    signIn({ username: 'jugador', discordRoles: [] });
    renderWithProviders(<NavBar />, '/');
    await userEvent.click(await screen.findByRole('button', { name: /^Menú de usuario/ }));
    await userEvent.click(await screen.findByText('Mi Perfil'));
    expect(screen.getByTestId('location').textContent).toBe('/perfil');
  });

  it('adds Dashboard to the narrow menu for staff', async () => {
    setViewport(375);
    signIn({ discordRoles: [roleIds.MODERADOR] });
    renderWithProviders(<NavBar />, '/');
    await screen.findByRole('button', { name: /^Menú de usuario/ });
    await userEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const drawer = await screen.findByRole('navigation', { name: 'Menú' });
    await waitFor(() => expect(within(drawer).getByText('Dashboard')).toBeInTheDocument());
    expect(within(drawer).queryByText('Iniciar Sesión')).not.toBeInTheDocument();
    await userEvent.click(within(drawer).getByText('Dashboard'));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
  });

  it('offers a Trial member the support panel and their own pages, not the dashboard that would only say it is not for them', async () => {
    setViewport(390);
    signIn({ username: 'trial', discordRoles: [roleIds.TRIAL] });
    renderWithProviders(<NavBar />, '/');
    await screen.findByRole('button', { name: /^Menú de usuario/ });
    await userEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const drawer = await screen.findByRole('navigation', { name: 'Menú' });
    await waitFor(() => expect(within(drawer).getByText('Panel de Soporte')).toBeInTheDocument());
    expect(within(drawer).getByText('Mis Estadísticas')).toBeInTheDocument();
    expect(within(drawer).queryByText('Dashboard')).not.toBeInTheDocument();
  });
});
