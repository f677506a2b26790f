import type { ReactNode } from 'react';
import { Flex, Layout, Typography } from 'antd';
import { InstagramOutlined, TikTokOutlined, XOutlined, YoutubeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useCommunityName, useConfig } from '../api/queries';
import type { PortalConfig } from '../api/types';

const SOCIAL: { key: keyof PortalConfig['social']; label: string; icon: ReactNode }[] = [
  { key: 'youtube', label: 'YouTube', icon: <YoutubeOutlined /> },
  { key: 'x', label: 'X', icon: <XOutlined /> },
  { key: 'instagram', label: 'Instagram', icon: <InstagramOutlined /> },
  { key: 'tiktok', label: 'TikTok', icon: <TikTokOutlined /> },
];

export function Footer() {
  const { data: config } = useConfig();
  const communityName = useCommunityName();
  const year = new Date().getFullYear();
  const links = SOCIAL.filter(({ key }) => Boolean(config?.social[key]));

  return (
    <Layout.Footer style={{ textAlign: 'center', paddingBlock: 32 }}>
      <Flex vertical align="center" gap={12}>
        {links.length > 0 ? (
          <nav aria-label="Redes sociales">
            <Flex gap={20} justify="center" className="social-links">
              {links.map(({ key, label, icon }) => (
                <a key={key} href={config?.social[key]} target="_blank" rel="noopener noreferrer" aria-label={label} title={label}>
                  {icon}
                </a>
              ))}
            </Flex>
          </nav>
        ) : null}
        <nav aria-label="Enlaces del pie de página">
          <Flex gap={20} justify="center" wrap>
            <Link to="/news">Noticias</Link>
            <Link to="/shop">Tienda</Link>
            <Link to="/diario-oficial">Diario Oficial</Link>
            <Link to="/privacy-policy">Política de Privacidad</Link>
          </Flex>
        </nav>
        <Typography.Text type="secondary">
          © {year} {communityName}. Todos los derechos reservados.
        </Typography.Text>
      </Flex>
    </Layout.Footer>
  );
}
