import { Empty, Tag, Tooltip, Typography } from 'antd';
import type { Sale, TreasuryMember } from '../../api/types';
import { InitialAvatar } from '../../components/InitialAvatar';
import { avatarUrl } from '../../layout/avatar';

export const NO_SALES_TEXT = 'No hay ventas registradas';
export const NO_MEMBERS_TEXT = 'No se encontraron miembros de tesorería';
export const VOIDED_LABEL = 'Anulada';

/** A member's or buyer's Discord avatar, or the first letter of their name. */
export function PersonAvatar({ discordId, avatar, name, size = 32 }: { discordId: string; avatar: string; name: string; size?: number }) {
  return (
    <InitialAvatar name={name} size={size} src={avatarUrl({ discordId, avatar })} alt={name} style={{ flexShrink: 0 }} />
  );
}

export function memberAvatar(member: TreasuryMember, size?: number) {
  return <PersonAvatar discordId={member.id} avatar={member.avatar} name={member.username} size={size} />;
}

/** The red 'Anulada' tag of a voided sale, with its reason. */
export function VoidedTag({ sale }: { sale: Sale }) {
  if (!sale.voided) return null;
  const reason = sale.voidReason.trim();
  return (
    <Tooltip title={reason ? `Motivo: ${reason}` : undefined}>
      <Tag color="error" style={{ marginInlineEnd: 0 }}>
        {VOIDED_LABEL}
      </Tag>
    </Tooltip>
  );
}

/** The reason a sale was voided, under its tag. */
export function VoidReason({ sale }: { sale: Sale }) {
  if (!sale.voided || sale.voidReason.trim() === '') return null;
  return (
    <Typography.Text type="danger" className="sale-void-reason">
      {sale.voidReason}
    </Typography.Text>
  );
}

export function NoSales() {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_SALES_TEXT} />;
}

export function NoMembers() {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_MEMBERS_TEXT} />;
}
