import { Badge, Button, Card, Flex, Progress, Typography } from 'antd';
import { PlayCircleOutlined, TeamOutlined } from '@ant-design/icons';
import type { ServerCard } from '../../api/types';
import { UNAVAILABLE_TEXT, canJoin, serverStatusBadge } from './serverStatus';

export const JOIN_TEXT = 'Unirse';
/** How many play on a server, with `{players}` and `{maxPlayers}` in place of the numbers. */
export const PLAYERS_TEMPLATE = '{players} de {maxPlayers} jugadores';

export function playersText(server: Pick<ServerCard, 'players' | 'maxPlayers'>): string {
  return PLAYERS_TEMPLATE.replace('{players}', String(server.players)).replace('{maxPlayers}', String(server.maxPlayers));
}

export function ServerCardView({ server }: { server: ServerCard }) {
  const badge = serverStatusBadge(server.status);
  const joinable = canJoin(server);
  const fill = server.maxPlayers > 0 ? Math.round((server.players / server.maxPlayers) * 100) : 0;
  return (
    <Card className="server-card" style={{ height: '100%' }} styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}>
      <Flex vertical gap={4}>
        <Typography.Title level={3} className="title-size-4" style={{ margin: 0 }}>
          {server.name}
        </Typography.Title>
        <Badge status={badge.status} text={badge.text} />
      </Flex>
      <Flex vertical gap={4}>
        <Typography.Text type="secondary">
          <TeamOutlined /> {playersText(server)}
        </Typography.Text>
        <Progress percent={fill} showInfo={false} size="small" status={joinable ? 'active' : 'normal'} aria-hidden />
      </Flex>
      {joinable ? (
        <Button type="primary" href={server.joinUrl} target="_blank" rel="noopener noreferrer" icon={<PlayCircleOutlined />} block>
          {JOIN_TEXT}
        </Button>
      ) : (
        <Button disabled block>
          {UNAVAILABLE_TEXT}
        </Button>
      )}
    </Card>
  );
}
