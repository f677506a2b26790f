import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { Button, Layout, Menu, type MenuProps } from 'antd';
import { LoginOutlined, MenuOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCommunityName } from '../api/queries';
import { useAuth } from '../auth/useAuth';
import { useHasOpened } from '../components/useHasOpened';
import { useScreens } from '../components/useScreens';
import { RequestRegion, useAppRunning } from '../ssr/browserOnly';
import type { NavItem, NavItemGroup } from './MobileMenu';
import { preloadWhenIdle } from './preloadWhenIdle';
import { BAR_ENTRIES, MENU_GROUPS, visibleEntries, visibleGroups, type NavEntry } from './navigation';

// What only a signed-in user, a narrow screen or an opened dialog needs downloads then, not
// with the first page of every visitor.
const UserMenu = lazy(async () => ({ default: (await import('./UserMenu')).UserMenu }));
const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));
const ContactDialog = lazy(async () => ({ default: (await import('./navDialogs')).ContactDialog }));
const ArtistDialog = lazy(async () => ({ default: (await import('./navDialogs')).ArtistDialog }));

type DialogName = 'contact' | 'artist';
const DIALOG_KEYS: Record<string, DialogName> = { 'dialog:contact': 'contact', 'dialog:artist': 'artist' };

/** The bar's public entries as plain links, as the prerendered page shows them until the app draws the menu. */
function PublicLinks({ selected }: { selected: string[] }) {
  const entries = [...visibleEntries(BAR_ENTRIES, () => false), { path: '/contact', label: 'Contacto' }, { path: '/artist-application', label: 'Convocatoria de Dibujantes' }];
  return (
    <ul className="nav-links">
      {entries.map(({ path, label }) => (
        <li key={path} className={selected.includes(path) ? 'nav-link-selected' : undefined}>
          <Link to={path}>{label}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The wide menu, built only where it shows: the region renders it in the browser, where the
 * width is known, possibly before the bar around it has learnt the width (HydratingApp).
 */
function UnlessNarrow({ children }: { children: ReactNode }) {
  return useScreens().md === false ? null : children;
}

/** The top bar: brand, navigation (a drawer menu below the md breakpoint) and the user's menu. */
export function NavBar() {
  const { user, offers } = useAuth();
  const communityName = useCommunityName();
  const screens = useScreens();
  // Until the width is known (the prerendered page, the first render that hydrates it) both
  // layouts are drawn and the stylesheet shows the one that fits: no layout jumps at any width.
  const measured = screens.md !== undefined;
  const showWide = !measured || screens.md === true;
  const showNarrow = !measured || screens.md !== true;
  // On a narrow screen the menu downloads once the page is idle: the first tap opens it at once.
  const narrow = screens.md === false;
  useEffect(() => (narrow ? preloadWhenIdle(loadMobileMenu) : undefined), [narrow]);
  const location = useLocation();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const drawerUsed = useHasOpened(drawerOpen);
  // The menu opens through the app: a tap on the prerendered button before it runs would be lost.
  const appRunning = useAppRunning();
  const contactUsed = useHasOpened(dialog === 'contact');
  const artistUsed = useHasOpened(dialog === 'artist');

  const signedIn = user !== null;
  // Each page is a link, so that it opens in a new tab too; dialogs are plain entries.
  const toItem = ({ path, label }: NavEntry): NavItem => ({ key: path, label: <Link to={path}>{label}</Link> });
  const barItems = (open: (path: string) => boolean): NavItem[] => [
    ...visibleEntries(BAR_ENTRIES, open).map(toItem),
    { key: 'dialog:contact', label: 'Contacto' },
    { key: 'dialog:artist', label: 'Convocatoria de Dibujantes' },
  ];
  const items = barItems(offers);
  const mobileItems = signedIn ? items : [...items, toItem({ path: '/login', label: 'Iniciar Sesión' })];
  const mobileGroups: NavItemGroup[] = signedIn
    ? visibleGroups(MENU_GROUPS, offers).map((group) => ({ key: `group:${group.title}`, title: group.title, items: group.entries.map(toItem) }))
    : [];

  const onMenuClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    setDrawerOpen(false);
    const dialogName = DIALOG_KEYS[key];
    if (dialogName) setDialog(dialogName);
    // A click on the link itself has navigated already; one beside it, on the entry, has not.
    else if (!domEvent.defaultPrevented) navigate(key);
  };

  const selected = [location.pathname, location.pathname === '/' ? '/' : `/${location.pathname.split('/')[1] ?? ''}`];
  const bar = (barEntries: NavItem[]) => (
    <Menu mode="horizontal" items={barEntries} selectedKeys={selected} onClick={onMenuClick} style={{ borderBottom: 'none', background: 'transparent', lineHeight: '62px' }} />
  );

  return (
    <Layout.Header className="app-header">
      <Link to="/" className="brand" aria-label={`${communityName}: Inicio`}>
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span className="brand-name">{communityName}</span>
      </Link>

      {showWide ? (
        <nav aria-label="Navegación principal" className="only-wide" style={{ flex: 1, minWidth: 0 }}>
          {/* The wide bar shows labels only, so that every item fits on one line. Which pages
              the person may open is known in the browser: the prerendered page shows the public
              ones as plain links (the menu's styles are not worth every phone's first download). */}
          <RequestRegion fallback={<PublicLinks selected={selected} />}>
            <UnlessNarrow>{bar(items)}</UnlessNarrow>
          </RequestRegion>
        </nav>
      ) : null}
      {showNarrow ? <div className="only-narrow" style={{ flex: 1 }} /> : null}

      {/* Who is signed in is known in the browser; the server marks a signed-in page so that the
          place of the avatar is kept meanwhile (index.css, .user-slot). */}
      <RequestRegion className="user-slot">
        {user ? (
          <Suspense fallback={<div className="ssr-slot user-slot" />}>
            <UserMenu user={user} compact={screens.xl !== true} />
          </Suspense>
        ) : showWide ? (
          <Button type="primary" className="only-wide" icon={<LoginOutlined />} onClick={() => navigate('/login')}>
            Iniciar Sesión
          </Button>
        ) : null}
      </RequestRegion>

      {showNarrow ? (
        <Button
          type="text"
          className="only-narrow"
          aria-label="Abrir menú"
          disabled={!appRunning}
          icon={<MenuOutlined style={{ fontSize: 20 }} />}
          onClick={() => setDrawerOpen(true)}
        />
      ) : null}

      {/* A boundary each, so that one downloading does not hide another that is showing. */}
      {drawerUsed ? (
        <Suspense fallback={null}>
          <MobileMenu
            title={communityName}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            items={mobileItems}
            groups={mobileGroups}
            selectedKeys={selected}
            onClick={onMenuClick}
          />
        </Suspense>
      ) : null}
      {contactUsed ? (
        <Suspense fallback={null}>
          <ContactDialog open={dialog === 'contact'} onClose={() => setDialog(null)} communityName={communityName} />
        </Suspense>
      ) : null}
      {artistUsed ? (
        <Suspense fallback={null}>
          <ArtistDialog open={dialog === 'artist'} onClose={() => setDialog(null)} communityName={communityName} />
        </Suspense>
      ) : null}
    </Layout.Header>
  );
}
