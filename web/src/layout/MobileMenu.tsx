import { Drawer, Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { NAV_ICONS } from './navIcons';

/** An entry of the navigation: a path to go to, or `dialog:…` for a dialog to open. */
export type NavItem = { key: string; label: ReactNode };

/** A titled group of entries. */
export type NavItemGroup = { key: string; title: string; items: NavItem[] };

interface MobileMenuProps {
  title: string;
  open: boolean;
  onClose: () => void;
  items: NavItem[];
  groups: NavItemGroup[];
  selectedKeys: string[];
  onClick: MenuProps['onClick'];
}

/** The navigation below the md breakpoint: a drawer with a vertical menu. */
export function MobileMenu({ title, open, onClose, items, groups, selectedKeys, onClick }: MobileMenuProps) {
  const withIcon = (item: NavItem) => ({ ...item, icon: NAV_ICONS[item.key] });
  const menuItems: MenuProps['items'] = [
    ...items.map(withIcon),
    ...groups.map((group) => ({ key: group.key, type: 'group' as const, label: group.title, children: group.items.map(withIcon) })),
  ];
  return (
    <Drawer title={title} placement="right" open={open} onClose={onClose} size={300} styles={{ body: { padding: 8 } }}>
      <nav aria-label="Menú">
        <Menu mode="vertical" items={menuItems} selectedKeys={selectedKeys} onClick={onClick} style={{ borderInlineEnd: 'none' }} />
      </nav>
    </Drawer>
  );
}
