import { Drawer, Menu, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  CustomerServiceOutlined,
  HighlightOutlined,
  HomeOutlined,
  LoginOutlined,
  MailOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** An entry of the navigation: a path to go to, or `dialog:…` for a dialog to open. */
export type NavItem = { key: string; label: string };

// Only this menu shows the icons (the wide bar shows labels), so they download with it.
const ICONS: Record<string, ReactNode> = {
  '/': <HomeOutlined />,
  '/records': <AuditOutlined />,
  '/documents': <SolutionOutlined />,
  '/support': <CustomerServiceOutlined />,
  '/legislative': <SafetyCertificateOutlined />,
  '/treasury': <BankOutlined />,
  'dialog:contact': <MailOutlined />,
  'dialog:artist': <HighlightOutlined />,
  '/dashboard': <AppstoreOutlined />,
  '/login': <LoginOutlined />,
};

interface MobileMenuProps {
  title: string;
  open: boolean;
  onClose: () => void;
  items: NavItem[];
  selectedKeys: string[];
  onClick: MenuProps['onClick'];
}

/** The navigation below the md breakpoint: a drawer with a vertical menu. */
export function MobileMenu({ title, open, onClose, items, selectedKeys, onClick }: MobileMenuProps) {
  const withIcons = items.map((item) => ({ ...item, icon: ICONS[item.key] }));
  return (
    <Drawer title={title} placement="right" open={open} onClose={onClose} size={300} styles={{ body: { padding: 8 } }}>
      <nav aria-label="Menú">
        <Menu mode="vertical" items={withIcons} selectedKeys={selectedKeys} onClick={onClick} style={{ borderInlineEnd: 'none' }} />
      </nav>
    </Drawer>
  );
}
