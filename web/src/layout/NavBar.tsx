import { useState } from 'react';
import { Button, Drawer, Grid, Layout, Menu, theme, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  CustomerServiceOutlined,
  HighlightOutlined,
  HomeOutlined,
  LoginOutlined,
  MailOutlined,
  MenuOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCommunityName } from '../api/queries';
import { useAuth } from '../auth/useAuth';
import { ArtistDialog, ContactDialog } from './dialogs';
import { UserMenu } from './UserMenu';

type DialogName = 'contact' | 'artist';
const DIALOG_KEYS: Record<string, DialogName> = { 'dialog:contact': 'contact', 'dialog:artist': 'artist' };

/** The top bar: brand, navigation (a drawer menu below the md breakpoint) and the user's menu. */
export function NavBar() {
  const { user, inGroups } = useAuth();
  const communityName = useCommunityName();
  const screens = Grid.useBreakpoint();
  const isMobile = screens.md !== true;
  const location = useLocation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [dialog, setDialog] = useState<DialogName | null>(null);

  const signedIn = user !== null;
  const items: NonNullable<MenuProps['items']> = [
    { key: '/', icon: <HomeOutlined />, label: 'Inicio' },
    signedIn ? { key: '/records', icon: <AuditOutlined />, label: 'Expedientes' } : null,
    signedIn ? { key: '/documents', icon: <SolutionOutlined />, label: 'Documentos' } : null,
    signedIn ? { key: '/support', icon: <CustomerServiceOutlined />, label: 'Soporte' } : null,
    signedIn && inGroups(['LEGISLATIVE']) ? { key: '/legislative', icon: <SafetyCertificateOutlined />, label: 'Legislativo' } : null,
    signedIn && inGroups(['TREASURY', 'ADMIN']) ? { key: '/treasury', icon: <BankOutlined />, label: 'Tesorería' } : null,
    { key: 'dialog:contact', icon: <MailOutlined />, label: 'Contacto' },
    { key: 'dialog:artist', icon: <HighlightOutlined />, label: 'Convocatoria de Dibujantes' },
  ];
  // The wide bar shows labels only, so that every item fits on one line.
  const barItems = items.map((item) => (item && 'icon' in item ? { ...item, icon: undefined } : item));
  const mobileItems: NonNullable<MenuProps['items']> = [
    ...items,
    signedIn && inGroups(['ADMIN', 'STAFF']) ? { key: '/dashboard', icon: <AppstoreOutlined />, label: 'Dashboard' } : null,
    signedIn ? null : { key: '/login', icon: <LoginOutlined />, label: 'Iniciar Sesión' },
  ];

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    setDrawerOpen(false);
    const dialogName = DIALOG_KEYS[key];
    if (dialogName) setDialog(dialogName);
    else navigate(key);
  };

  const selected = [location.pathname === '/' ? '/' : `/${location.pathname.split('/')[1] ?? ''}`];

  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        paddingInline: isMobile ? 12 : 24,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Link to="/" className="brand" aria-label={`${communityName}: Inicio`}>
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span className="brand-name">{communityName}</span>
      </Link>

      {isMobile ? (
        <div style={{ flex: 1 }} />
      ) : (
        <nav aria-label="Navegación principal" style={{ flex: 1, minWidth: 0 }}>
          <Menu
            mode="horizontal"
            items={barItems}
            selectedKeys={selected}
            onClick={onMenuClick}
            style={{ borderBottom: 'none', background: 'transparent', lineHeight: '62px' }}
          />
        </nav>
      )}

      {user ? (
        <UserMenu user={user} compact={screens.xl !== true} />
      ) : isMobile ? null : (
        <Button type="primary" icon={<LoginOutlined />} onClick={() => navigate('/login')}>
          Iniciar Sesión
        </Button>
      )}

      {isMobile ? (
        <Button type="text" aria-label="Abrir menú" icon={<MenuOutlined style={{ fontSize: 20 }} />} onClick={() => setDrawerOpen(true)} />
      ) : null}

      <Drawer title={communityName} placement="right" open={drawerOpen} onClose={() => setDrawerOpen(false)} size={300} styles={{ body: { padding: 8 } }}>
        <nav aria-label="Menú">
          <Menu mode="vertical" items={mobileItems} selectedKeys={selected} onClick={onMenuClick} style={{ borderInlineEnd: 'none' }} />
        </nav>
      </Drawer>

      <ContactDialog open={dialog === 'contact'} onClose={() => setDialog(null)} communityName={communityName} />
      <ArtistDialog open={dialog === 'artist'} onClose={() => setDialog(null)} communityName={communityName} />
    </Layout.Header>
  );
}

