import { Tag } from 'antd';
import { labelMap } from '../../api/labels';
import { LEAVE_STATUSES } from '../../api/serverConstants.gen';
import type { Leave, LeaveStatus } from '../../api/types';
import { formatDay } from '../../components/dates';

/** The states of a leave, as the server names them. */
export const LEAVE_STATUS_LABELS: Record<LeaveStatus, string> = labelMap(LEAVE_STATUSES);

const STATUS_COLOURS: Record<LeaveStatus, string> = { pending: 'processing', approved: 'success', refused: 'error' };

export function LeaveStatusTag({ status }: { status: LeaveStatus }) {
  return <Tag color={STATUS_COLOURS[status]}>{LEAVE_STATUS_LABELS[status] ?? status}</Tag>;
}

/** "3/3/2026 al 5/3/2026 (3 días)", in the browser's locale. */
export function leaveSpan(leave: Pick<Leave, 'startsOn' | 'endsOn' | 'days'>): string {
  return `${formatDay(leave.startsOn)} al ${formatDay(leave.endsOn)} (${leave.days} ${leave.days === 1 ? 'día' : 'días'})`;
}
