import { Tag } from 'antd';
import { priorityColor, priorityLabel, statusColor, statusLabel } from './ticketLabels';

export function StatusTag({ status }: { status: string }) {
  return <Tag color={statusColor(status)}>{statusLabel(status)}</Tag>;
}

export function PriorityTag({ priority }: { priority: string }) {
  return <Tag color={priorityColor(priority)}>{priorityLabel(priority)}</Tag>;
}
