import { Avatar, Button, Dropdown, Typography, type MenuProps } from 'antd';
import { AppstoreOutlined, CustomerServiceOutlined, FileSearchOutlined, KeyOutlined, LogoutOutlined, MailOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { Profile } from '../api/types';
import { useAuth } from '../auth/useAuth';
import { avatarUrl, initial } from './avatar';

export function UserAvatar({ user, size = 36 }: { user: Profile; size?: number }) {
  return (
    <Avatar size={size} src={avatarUrl(user)} alt={user.username} style={{ backgroundColor: '#ec4899', flexShrink: 0 }}>
      {initial(user.username)}
    </Avatar>
  );
}

/**
 * The menu opens inside the sticky header, beside its button: in the page's body it would move
 * with every scroll until re-aligned, and a click pressed before and released after that jump
 * would land on nothing (the menu stays open and the entry does not run).
 */
function insideStickyHeader(trigger: HTMLElement): HTMLElement {
  return trigger.parentElement ?? document.body;
}

/** The signed-in user's avatar and their menu. */
export function UserMenu({ user, compact }: { user: Profile; compact: boolean }) {
  const { inGroups, logout } = useAuth();
  const navigate = useNavigate();
  const isStaff = inGroups(['ADMIN', 'STAFF']);
  const isAdmin = inGroups(['ADMIN']);

  const items: MenuProps['items'] = [
    { key: 'header', type: 'group', label: user.username },
    // Staff have their staff profile; everyone else the player profile.
    { key: isStaff ? '/staff/profile' : '/perfil', icon: <UserOutlined />, label: 'Mi Perfil' },
    { key: '/support', icon: <CustomerServiceOutlined />, label: 'Soporte' },
    isStaff ? { key: '/dashboard', icon: <AppstoreOutlined />, label: 'Dashboard' } : null,
    user.artistReviewer ? { key: '/admin/artist-applications', icon: <FileSearchOutlined />, label: 'Ver Aplicaciones' } : null,
    isAdmin ? { key: '/admin/api-keys', icon: <KeyOutlined />, label: 'Claves de API' } : null,
    isAdmin ? { key: '/admin/deliveries', icon: <SendOutlined />, label: 'Entregas a Discord' } : null,
    isAdmin ? { key: '/admin/contact-messages', icon: <MailOutlined />, label: 'Mensajes de contacto' } : null,
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Cerrar Sesión', danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') logout();
    else navigate(key);
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight" getPopupContainer={insideStickyHeader}>
      <Button type="text" style={{ height: 'auto', padding: '4px 8px' }}>
        {/* The name comes from the content, so that it contains the visible username. */}
        <span className="visually-hidden">Menú de usuario</span>
        <span aria-hidden>
          <UserAvatar user={user} size={32} />
        </span>
        {compact ? null : (
          <Typography.Text strong style={{ maxWidth: 140 }} ellipsis>
            {user.username}
          </Typography.Text>
        )}
      </Button>
    </Dropdown>
  );
}
