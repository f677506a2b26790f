import type { TicketCategory, TicketPriority, TicketSenderType, TicketStatus, TicketStatusCounts } from '../../api/types';
import { labelMap } from '../../api/labels';
import { TICKET_CATEGORIES as CATEGORY_TABLE, TICKET_PRIORITIES as PRIORITY_TABLE, TICKET_SENDERS, TICKET_STATUSES as STATUS_TABLE } from '../../api/serverConstants.gen';

export const TICKET_STATUSES: readonly TicketStatus[] = STATUS_TABLE.map(({ value }) => value);

export const STATUS_LABELS: Record<TicketStatus, string> = labelMap(STATUS_TABLE);

const STATUS_COLORS: Record<TicketStatus, string> = {
  open: 'blue',
  in_progress: 'processing',
  waiting_user: 'gold',
  waiting_staff: 'orange',
  resolved: 'success',
  closed: 'default',
};

function isStatus(value: string): value is TicketStatus {
  return Object.hasOwn(STATUS_LABELS, value);
}

/** A status in Spanish; an unknown value is shown as it came. */
export function statusLabel(status: string): string {
  return isStatus(status) ? STATUS_LABELS[status] : status;
}

export function statusColor(status: string): string {
  return isStatus(status) ? STATUS_COLORS[status] : 'default';
}

export const TICKET_PRIORITIES: readonly TicketPriority[] = PRIORITY_TABLE.map(({ value }) => value);

export const PRIORITY_LABELS: Record<TicketPriority, string> = labelMap(PRIORITY_TABLE);

const PRIORITY_COLORS: Record<TicketPriority, string> = { Low: 'green', Medium: 'gold', High: 'red' };

export function priorityLabel(priority: string): string {
  return Object.hasOwn(PRIORITY_LABELS, priority) ? PRIORITY_LABELS[priority as TicketPriority] : priority;
}

export function priorityColor(priority: string): string {
  return Object.hasOwn(PRIORITY_COLORS, priority) ? PRIORITY_COLORS[priority as TicketPriority] : 'default';
}

export const TICKET_CATEGORIES: readonly TicketCategory[] = CATEGORY_TABLE.map(({ value }) => value);

export const CATEGORY_LABELS: Record<TicketCategory, string> = labelMap(CATEGORY_TABLE);

/** A category in Spanish; an unknown value is shown as it came. */
export function categoryLabel(category: string): string {
  return Object.hasOwn(CATEGORY_LABELS, category) ? CATEGORY_LABELS[category as TicketCategory] : category;
}

export const SENDER_LABELS: Record<TicketSenderType, string> = labelMap(TICKET_SENDERS);

export type TicketTab = 'all' | 'active' | 'resolved' | 'closed';

export const TICKET_TABS: readonly { key: TicketTab; label: string; statuses: readonly TicketStatus[] }[] = [
  { key: 'all', label: 'Todos', statuses: [] },
  { key: 'active', label: 'Activos', statuses: ['open', 'in_progress', 'waiting_staff', 'waiting_user'] },
  { key: 'resolved', label: 'Resueltos', statuses: ['resolved'] },
  { key: 'closed', label: 'Cerrados', statuses: ['closed'] },
];

/** The statuses a tab asks the server for; none for Todos. */
export function statusesOfTab(tab: TicketTab): TicketStatus[] {
  return [...(TICKET_TABS.find((t) => t.key === tab)?.statuses ?? [])];
}

/** The figures of the staff panel's cards: Tickets Totales is every status together, Resueltos is resolved plus closed. */
export function summaryCounts(byStatus: TicketStatusCounts): { total: number; resolved: number } {
  const total = Object.values(byStatus).reduce((sum, count) => sum + (Number(count) || 0), 0);
  return { total, resolved: (byStatus.resolved ?? 0) + (byStatus.closed ?? 0) };
}

export const TICKET_PAGE_SIZES = [5, 10, 25] as const;
export const DEFAULT_TICKET_PAGE_SIZE = 10;

/**
 * The pagination's 'from-to de total', for a 0-based page. A capped total (a search or a filter
 * with more matches than the server counts) reads 'de 1,000+'.
 */
export function rangeLabel(page: number, pageSize: number, total: number, capped = false): string {
  if (total <= 0) return '0-0 de 0';
  const from = Math.min(page * pageSize + 1, total);
  const to = Math.min((page + 1) * pageSize, total);
  return capped ? `${from}-${to} de ${countFormat.format(total)}+` : `${from}-${to} de ${total}`;
}

const countFormat = new Intl.NumberFormat('es-MX');
