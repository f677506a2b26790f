import { Tag, Typography, type TableColumnsType } from 'antd';
import { FilterTabs } from '../FilterTabs';
import type { Ticket } from '../../api/types';
import { formatDateTime } from '../dates';
import { useScreens } from '../useScreens';
import { PriorityTag, StatusTag } from './TicketTags';
import { TICKET_TABS, categoryLabel, type TicketTab } from './ticketLabels';

export const NO_TICKETS_TEXT = 'No hay tickets disponibles';
/** The mark of a ticket of one's own with answers one has not read: the ones the support button's badge counts. */
export const UNREAD_MARK = 'Respuesta nueva';

/** A row's name for a screen reader: its number and title, and whether it has answers not read yet. */
export function ticketRowLabel(ticket: Ticket): string {
  return `Abrir ticket #${ticket.ticketId}: ${ticket.title}${ticket.unread ? ` (${UNREAD_MARK.toLowerCase()})` : ''}`;
}

/** The least room the title keeps; narrower tables scroll sideways. */
const TITLE_MIN_WIDTH = 180;

/** The width under which a ticket table scrolls sideways: its visible columns at their widths, and the title at its least. */
export function useTableMinWidth(columns: TableColumnsType<Ticket>): number {
  const screens = useScreens();
  return columns
    .filter((column) => !column.responsive || column.responsive.some((breakpoint) => screens[breakpoint]))
    .reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : TITLE_MIN_WIDTH), 0);
}

/** The columns both ticket tables share: ID, Título, Categoría, Estado and Prioridad. */
export function commonTicketColumns(): TableColumnsType<Ticket> {
  return [
    { key: 'id', title: 'ID', dataIndex: 'ticketId', width: 64, render: (id: string) => <Typography.Text strong>#{id}</Typography.Text> },
    {
      key: 'title',
      title: 'Título',
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string, ticket: Ticket) => (
        <>
          {ticket.unread ? (
            <Tag color="magenta" className="ticket-unread">
              {UNREAD_MARK}
            </Tag>
          ) : null}
          <span title={title}>{title}</span>
        </>
      ),
    },
    { key: 'category', title: 'Categoría', dataIndex: 'category', width: 150, responsive: ['md'], render: (category: string) => categoryLabel(category) },
    { key: 'status', title: 'Estado', dataIndex: 'status', width: 150, render: (status: string) => <StatusTag status={status} /> },
    { key: 'priority', title: 'Prioridad', dataIndex: 'priority', width: 110, render: (priority: string) => <PriorityTag priority={priority} /> },
  ];
}

export function dateColumn(key: 'createdAt' | 'updatedAt', title: string): TableColumnsType<Ticket>[number] {
  return { key, title, dataIndex: key, width: 180, responsive: ['lg'], render: (value: string) => formatDateTime(value) };
}

/** What the ticket tabs choose, for a screen reader. */
export const TICKET_TABS_LABEL = 'Estado de los tickets';

export function TicketTabs({ value, onChange }: { value: TicketTab; onChange: (tab: TicketTab) => void }) {
  return (
    <FilterTabs items={TICKET_TABS} value={value} onChange={onChange} label={TICKET_TABS_LABEL} className="ticket-tabs" />
  );
}
