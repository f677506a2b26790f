import { Button, Card, Flex, Typography } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import type { BlockedGroup } from '../../api/deliveries';
import { labelOf, pluralOf } from '../../api/labels';
import { DELIVERY_STATUSES } from '../../api/serverConstants.gen';
import { formatDateTime } from '../../components/dates';

export const BLOCKED_GROUPS_TITLE = 'Bloqueadas por causa';
export const RETRY_GROUP_QUESTION = '¿Reintentar este grupo?';

const counts = new Intl.NumberFormat('es-MX');

/** A number as the page writes it: "1,000". */
export function formatCount(n: number): string {
  return counts.format(n);
}

/**
 * What a group is, in one line: "1,000 bloqueadas: Missing Permissions en verificación". The
 * status's word is the server's, and so are the cause (Discord's words) and where it goes.
 */
export function groupTitle(group: BlockedGroup): string {
  const blocked = labelOf(DELIVERY_STATUSES, 'blocked');
  const word = (group.count === 1 ? blocked : pluralOf(blocked)).toLowerCase();
  return `${formatCount(group.count)} ${word}: ${group.cause} en ${group.laneName}`;
}

/** The question asked before a group goes back to Discord: fix the cause first. */
export function retryGroupWarning(group: BlockedGroup): string {
  const them = group.count === 1 ? 'Se intentará de nuevo ahora' : `Se intentarán de nuevo ahora las ${formatCount(group.count)}`;
  return `«${groupTitle(group)}». ${them}: hazlo cuando hayas corregido la causa (un permiso, el orden de los roles, un canal). Si sigue igual, Discord las rechazará otra vez y volverán a esperar.`;
}

/** The key that tells one group from another: its lane and Discord's reason. */
export const groupKey = (group: Pick<BlockedGroup, 'lane' | 'reason'>) => `${group.lane}\n${group.reason}`;

/**
 * The blocked deliveries by lane and cause, the largest first, each with one retry for the
 * whole group: one missing permission blocks every member's lane, and one fix clears them.
 */
export function BlockedGroups({
  groups,
  retrying,
  onRetry,
}: {
  groups: readonly BlockedGroup[];
  /** The group whose retry is on its way, by groupKey. */
  retrying: string | null;
  onRetry: (group: BlockedGroup) => void;
}) {
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="blocked-groups-title" style={{ marginBottom: 16 }}>
      <Typography.Title level={5} id="blocked-groups-title" style={{ marginTop: 0 }}>
        {BLOCKED_GROUPS_TITLE}
      </Typography.Title>
      <Flex vertical gap={8}>
        {groups.map((group) => {
          const title = groupTitle(group);
          return (
            <Card key={groupKey(group)} size="small" role="group" aria-label={title}>
              <Flex gap={12} wrap align="center" justify="space-between">
                <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
                  <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                    {title}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                    {group.reason} · Próximo intento automático:{' '}
                    <time dateTime={group.nextAttemptAt}>{formatDateTime(group.nextAttemptAt)}</time>
                  </Typography.Text>
                </Flex>
                <Button
                  icon={<RedoOutlined />}
                  loading={retrying === groupKey(group)}
                  onClick={() => onRetry(group)}
                  aria-label={`Reintentar el grupo: ${title}`}
                >
                  {group.count === 1 ? 'Reintentar' : `Reintentar las ${formatCount(group.count)}`}
                </Button>
              </Flex>
            </Card>
          );
        })}
      </Flex>
    </section>
  );
}
