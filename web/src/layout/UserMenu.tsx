import { Button, Dropdown, type MenuProps } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { Profile } from '../api/types';
import { useAuth } from '../auth/useAuth';
import { InitialAvatar } from '../components/InitialAvatar';
import { avatarUrl } from './avatar';
import { NAV_ICONS } from './navIcons';
import { MENU_GROUPS, visibleGroups } from './navigation';
import { OneLineText } from '../components/OneLineText';

export function UserAvatar({ user, size = 36 }: { user: Profile; size?: number }) {
  return (
    <InitialAvatar name={user.username} size={size} src={avatarUrl(user)} alt={user.username} style={{ backgroundColor: '#ec4899', flexShrink: 0 }} />
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
  const { offers, logout } = useAuth();
  const navigate = useNavigate();

  const groups = visibleGroups(MENU_GROUPS, offers);
  const items: MenuProps['items'] = [
    { key: 'header', type: 'group', label: user.username },
    ...groups.flatMap((group, index) => [
      ...(index > 0 ? [{ type: 'divider' as const, key: `divider:${group.title}` }] : []),
      {
        key: `group:${group.title}`,
        type: 'group' as const,
        label: groups.length > 1 ? group.title : undefined,
        children: group.entries.map(({ path, label }) => ({ key: path, icon: NAV_ICONS[path], label: <Link to={path}>{label}</Link> })),
      },
    ]),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Cerrar Sesión', danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    if (key === 'logout') logout();
    // A click on the link itself has navigated already; one beside it, on the entry, has not.
    else if (!domEvent.defaultPrevented) navigate(key);
  };

  return (
    // A long menu (an admin's) scrolls within the window: the header it opens in does not scroll.
    <Dropdown menu={{ items, onClick, style: { maxHeight: 'calc(100vh - 80px)', overflowY: 'auto' } }} trigger={['click']} placement="bottomRight" getPopupContainer={insideStickyHeader}>
      <Button type="text" style={{ height: 'auto', padding: '4px 8px' }}>
        {/* The name comes from the content, so that it contains the visible username. */}
        <span className="visually-hidden">Menú de usuario</span>
        <span aria-hidden>
          <UserAvatar user={user} size={32} />
        </span>
        {compact ? null : (
          <OneLineText strong text={user.username} style={{ maxWidth: 140 }} />
        )}
      </Button>
    </Dropdown>
  );
}
