import { Card, Typography } from 'antd';
import { useMyLeaves } from '../../api/staff';
import { OneLineText } from '../../components/OneLineText';
import { QueryState } from '../../components/QueryState';
import { LeaveStatusTag, leaveSpan } from './leaveParts';

export const MY_LEAVES_TITLE = 'Mis ausencias';
export const NO_LEAVES_TEXT = 'No has pedido ausencias. Pídelas en Discord con /ausencia: los días aprobados no cuentan contra tu cuota.';

/** The signed-in member's leaves, asked for with /ausencia in Discord, with their state. */
export function MyLeavesCard() {
  const leaves = useMyLeaves();
  const list = leaves.data ?? [];
  return (
    <Card title={MY_LEAVES_TITLE} role="region" aria-label={MY_LEAVES_TITLE} style={{ height: '100%' }}>
      <QueryState queries={leaves} isEmpty={list.length === 0} empty={NO_LEAVES_TEXT}>
        <ul className="staff-top" aria-label="Tus ausencias">
          {list.map((leave) => (
            <li key={leave.id} className="staff-top-item">
              <LeaveStatusTag status={leave.status} />
              <Typography.Text className="staff-top-name">{leaveSpan(leave)}</Typography.Text>
              <OneLineText type="secondary" text={leave.reason} />
            </li>
          ))}
        </ul>
      </QueryState>
    </Card>
  );
}
