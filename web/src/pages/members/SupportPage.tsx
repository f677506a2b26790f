import { useState } from 'react';
import { Alert, Button, Card, Flex } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ticketKeys, useTickets } from '../../api/tickets';
import type { Ticket } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { Page } from '../../components/Page';
import { QueryErrorAlert, tableEmptyText } from '../../components/QueryState';
import { TicketPagination } from '../../components/tickets/TicketPagination';
import { NO_TICKETS_TEXT, TicketTabs, commonTicketColumns, dateColumn, useTableMinWidth } from '../../components/tickets/ticketColumns';
import { useTicketListState } from '../../components/tickets/useTicketListState';
import { TicketDialog } from '../../layout/dialogs';
import { ResponsiveTable } from '../../components/ResponsiveTable';

export const SUPPORT_LOGIN_NEEDED = 'Debes iniciar sesión para acceder al sistema de soporte.';

const columns = [...commonTicketColumns(), dateColumn('createdAt', 'Creado'), dateColumn('updatedAt', 'Actualizado')];

function SupportCentre() {
  const queryClient = useQueryClient();
  const list = useTicketListState();
  const tickets = useTickets(list.query);
  const minWidth = useTableMinWidth(columns);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogTicket, setDialogTicket] = useState<string | null>(null);

  const openDialog = (ticketId: string | null) => {
    setDialogTicket(ticketId);
    setDialogOpen(true);
  };
  const closeDialog = () => {
    setDialogOpen(false);
    void queryClient.invalidateQueries({ queryKey: ticketKeys.lists });
  };

  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 8 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openDialog(null)}>
          Nuevo Ticket
        </Button>
      </Flex>
      <Card className="ticket-card">
        <TicketTabs value={list.tab} onChange={list.setTab} />
        <QueryErrorAlert queries={tickets} />
        <ResponsiveTable<Ticket>
          rowKey="ticketId"
          columns={columns}
          dataSource={tickets.data?.tickets ?? []}
          loading={tickets.isFetching && !tickets.isError}
          pagination={false}
          scroll={{ x: minWidth }}
          locale={{ emptyText: tableEmptyText(tickets, NO_TICKETS_TEXT) }}
          rowClassName={() => 'ticket-row'}
          onRow={(ticket) => ({
            onClick: () => openDialog(ticket.ticketId),
            onKeyDown: (event) => {
              if (event.key === 'Enter') openDialog(ticket.ticketId);
            },
            tabIndex: 0,
            'aria-label': `Abrir ticket #${ticket.ticketId}: ${ticket.title}`,
          })}
        />
        <TicketPagination
          page={list.page}
          pageSize={list.pageSize}
          total={tickets.data?.total ?? null}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
        />
      </Card>
      <TicketDialog open={dialogOpen} ticketId={dialogTicket} onClose={closeDialog} />
    </>
  );
}

export function SupportPage() {
  const { user } = useAuth();
  return (
    <Page title="Centro de Soporte" subtitle="Abre un ticket y sigue las respuestas del equipo de soporte.">
      {user ? <SupportCentre /> : <Alert type="warning" showIcon title={SUPPORT_LOGIN_NEEDED} />}
    </Page>
  );
}
