import { Button, Col, Flex, Row, Typography } from 'antd';
import { ArrowRightOutlined, MessageOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useLatestNews } from '../../api/news';
import { useCommunityName, useConfig } from '../../api/queries';
import type { ServerCard } from '../../api/types';
import { Loading } from '../../components/Loading';
import { NewsGrid } from '../../components/news/NewsGrid';
import { QueryErrorAlert } from '../../components/QueryState';
import { RequestRegion } from '../../ssr/browserOnly';
import { ServerCardView } from './ServerCardView';
import { ThemeToggle } from './ThemeToggle';
import { UNAVAILABLE_TEXT, canJoin } from './serverStatus';

export const HERO_JOIN_TEXT = 'Jugar Ahora';
export const HERO_CHAT_TEXT = 'Únete a Discord';

function HeroJoinButton({ server }: { server: ServerCard | undefined }) {
  if (server && canJoin(server)) {
    return (
      <Button size="large" className="hero-primary" href={server.joinUrl} target="_blank" rel="noopener noreferrer" icon={<PlayCircleOutlined />}>
        {HERO_JOIN_TEXT}
      </Button>
    );
  }
  return (
    <Button size="large" className="hero-primary" disabled>
      {UNAVAILABLE_TEXT}
    </Button>
  );
}

function HeroActions() {
  const { data: config } = useConfig();
  return (
    <Flex gap={12} justify="center" wrap className="hero-actions">
      <HeroJoinButton server={config?.servers[0]} />
      {config?.communityChatUrl ? (
        <Button size="large" className="hero-secondary" href={config.communityChatUrl} target="_blank" rel="noopener noreferrer" icon={<MessageOutlined />}>
          {HERO_CHAT_TEXT}
        </Button>
      ) : null}
    </Flex>
  );
}

function Servers() {
  const config = useConfig();
  if (config.isPending) return <Loading />;
  if (config.isError) return <QueryErrorAlert queries={config} />;
  return (
    <Row gutter={[24, 24]}>
      {config.data.servers.map((server) => (
        <Col key={server.code} xs={24} sm={12} lg={6}>
          <ServerCardView server={server} />
        </Col>
      ))}
    </Row>
  );
}

function LatestNews() {
  const news = useLatestNews();
  return <NewsGrid query={news} items={news.data} />;
}

/**
 * The landing. Its words are prerendered; the servers, the hero's buttons and the news come
 * from the configuration and the news of the server that serves it, which writes them into
 * the page (webapi/document.go): the regions hold their place until the app shows them.
 */
export function LandingPage() {
  const communityName = useCommunityName();

  return (
    <Flex vertical gap={48}>
      <header className="hero">
        <h1>{communityName}</h1>
        <p>La comunidad de roleplay mexicano en Roblox.</p>
        <RequestRegion slot="hero-actions" className="hero-actions">
          <HeroActions />
        </RequestRegion>
      </header>

      <section aria-labelledby="servers-title">
        <Typography.Title level={2} id="servers-title">
          Servidores
        </Typography.Title>
        <RequestRegion slot="servers" className="servers-slot">
          <Servers />
        </RequestRegion>
      </section>

      <section aria-labelledby="news-title">
        <Flex justify="space-between" align="baseline" gap={12} wrap>
          <Typography.Title level={2} id="news-title">
            Últimas Noticias
          </Typography.Title>
          <Link to="/news">
            Ver todas las noticias <ArrowRightOutlined />
          </Link>
        </Flex>
        <RequestRegion slot="latest-news" className="news-slot">
          <LatestNews />
        </RequestRegion>
      </section>

      <Flex justify="center">
        {/* The reader's mode is known in the browser. */}
        <RequestRegion className="theme-toggle-slot">
          <ThemeToggle />
        </RequestRegion>
      </Flex>
    </Flex>
  );
}
