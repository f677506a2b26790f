import { Button, Col, Flex, Row, Typography } from 'antd';
import { ArrowRightOutlined, MessageOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useNews } from '../../api/news';
import { useCommunityName, useConfig } from '../../api/queries';
import type { ServerCard } from '../../api/types';
import { Loading } from '../../components/Loading';
import { NewsGrid } from '../../components/news/NewsGrid';
import { QueryErrorAlert } from '../../components/QueryState';
import { ServerCardView } from './ServerCardView';
import { ThemeToggle } from './ThemeToggle';
import { UNAVAILABLE_TEXT, canJoin } from './serverStatus';

export const LATEST_NEWS_COUNT = 3;

function HeroJoinButton({ server }: { server: ServerCard | undefined }) {
  if (server && canJoin(server)) {
    return (
      <Button size="large" className="hero-primary" href={server.joinUrl} target="_blank" rel="noopener noreferrer" icon={<PlayCircleOutlined />}>
        Jugar Ahora
      </Button>
    );
  }
  return (
    <Button size="large" className="hero-primary" disabled>
      {UNAVAILABLE_TEXT}
    </Button>
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
  const news = useNews();
  const latest = news.data?.filter((item) => item.active).slice(0, LATEST_NEWS_COUNT);
  return <NewsGrid query={news} items={latest} />;
}

export function LandingPage() {
  const communityName = useCommunityName();
  const { data: config } = useConfig();
  const mainServer = config?.servers[0];

  return (
    <Flex vertical gap={48}>
      <header className="hero">
        <h1>{communityName}</h1>
        <p>La comunidad de roleplay mexicano en Roblox.</p>
        <Flex gap={12} justify="center" wrap className="hero-actions">
          <HeroJoinButton server={mainServer} />
          {config?.communityChatUrl ? (
            <Button size="large" className="hero-secondary" href={config.communityChatUrl} target="_blank" rel="noopener noreferrer" icon={<MessageOutlined />}>
              Únete a Discord
            </Button>
          ) : null}
        </Flex>
      </header>

      <section aria-labelledby="servers-title">
        <Typography.Title level={2} id="servers-title">
          Servidores
        </Typography.Title>
        <Servers />
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
        <LatestNews />
      </section>

      <Flex justify="center">
        <ThemeToggle />
      </Flex>
    </Flex>
  );
}
