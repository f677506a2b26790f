import type { ReactNode } from 'react';
import { Flex, Layout, Typography } from 'antd';
import { InstagramOutlined, TikTokOutlined, XOutlined, YoutubeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useCommunityName, useConfig } from '../api/queries';
import type { PortalConfig } from '../api/types';
import { bootData } from '../ssr/bootData';
import { RequestRegion } from '../ssr/browserOnly';

const SOCIAL: { key: keyof PortalConfig['social']; label: string; icon: ReactNode }[] = [
  { key: 'youtube', label: 'YouTube', icon: <YoutubeOutlined /> },
  { key: 'x', label: 'X', icon: <XOutlined /> },
  { key: 'instagram', label: 'Instagram', icon: <InstagramOutlined /> },
  { key: 'tiktok', label: 'TikTok', icon: <TikTokOutlined /> },
];

/** The community's networks, from the configuration: known in the browser (the footer is below the fold). */
function SocialLinks() {
  const { data: config } = useConfig();
  const links = SOCIAL.filter(({ key }) => Boolean(config?.social[key]));
  if (links.length === 0) return null;
  return (
    <nav aria-label="Redes sociales">
      <Flex gap={20} justify="center" className="social-links">
        {links.map(({ key, label, icon }) => (
          <a key={key} href={config?.social[key]} target="_blank" rel="noopener noreferrer" aria-label={label} title={label}>
            {icon}
          </a>
        ))}
      </Flex>
    </nav>
  );
}

export function Footer() {
  const communityName = useCommunityName();
  // The server's year (in the community's zone) when it wrote the page: the same in its HTML and here.
  const year = bootData().year ?? new Date().getFullYear();

  return (
    <Layout.Footer style={{ textAlign: 'center', paddingBlock: 32 }}>
      <Flex vertical align="center" gap={12}>
        <RequestRegion>
          <SocialLinks />
        </RequestRegion>
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
