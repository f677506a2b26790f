import { useState } from 'react';
import { Alert, Button, Card, Flex } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { FirstQueries } from '../../api/firstQueries';
import { prefetchTickets, ticketKeys, useTickets } from '../../api/tickets';
import type { Ticket } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert, tableEmptyText } from '../../components/QueryState';
import { TicketPagination } from '../../components/tickets/TicketPagination';
import { NO_TICKETS_TEXT, TicketTabs, commonTicketColumns, dateColumn, ticketRowLabel, useTableMinWidth } from '../../components/tickets/ticketColumns';
import { firstTicketListQuery, useTicketListState } from '../../components/tickets/useTicketListState';
import { OWN_TICKETS_BASE, useTicketAddress } from '../../components/tickets/useTicketAddress';
import { TicketDialog } from '../../layout/ticketDialog';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { PAGE_SUBTITLES } from '../../pageSubtitles';

export const SUPPORT_LOGIN_NEEDED = 'Debes iniciar sesión para acceder al sistema de soporte.';
export const BACK_TO_MY_TICKETS = 'Volver a mis tickets';

const columns = [...commonTicketColumns(), dateColumn('createdAt', 'Creado'), dateColumn('updatedAt', 'Actualizado')];

function SupportCentre() {
  const queryClient = useQueryClient();
  const list = useTicketListState();
  const tickets = useTickets(list.query);
  const minWidth = useTableMinWidth(columns);
  // A ticket is shown at its address; a new one moves there once created, in the same dialog.
  const address = useTicketAddress(OWN_TICKETS_BASE);
  // The dialog is open on the creation form; what it shows stays while it closes.
  const [creating, setCreating] = useState(false);
  const [formShown, setFormShown] = useState(false);
  // An address opened (the new ticket's, or a row's) replaces the form; Back from it closes
  // the dialog rather than showing the form again.
  if (address.isOpen && (creating || formShown)) {
    setCreating(false);
    setFormShown(false);
  }
  const startCreating = () => {
    setCreating(true);
    setFormShown(true);
  };
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: ticketKeys.lists });
  const closeDialog = () => {
    setCreating(false);
    address.close();
    refreshList();
  };

  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 8 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={startCreating}>
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
            onClick: () => address.open(ticket.ticketId),
            onKeyDown: (event) => {
              if (event.key === 'Enter') address.open(ticket.ticketId);
            },
            tabIndex: 0,
            'aria-label': ticketRowLabel(ticket),
          })}
        />
        <TicketPagination
          page={list.page}
          pageSize={list.pageSize}
          total={tickets.data?.total ?? null}
          totalCapped={tickets.data?.totalCapped}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
        />
      </Card>
      <TicketDialog
        open={creating || address.isOpen}
        ticketId={formShown ? null : address.shownId}
        backLabel={BACK_TO_MY_TICKETS}
        onCreated={address.open}
        onClose={closeDialog}
      />
    </>
  );
}

/** What the support centre asks for first (api/firstQueries.ts). */
export const prefetchFirstQueries: FirstQueries = (queryClient) => prefetchTickets(queryClient, firstTicketListQuery());

export function SupportPage() {
  const { user } = useAuth();
  return (
    <Page title={PAGE_TITLES['/support']} subtitle={PAGE_SUBTITLES['/support']}>
      {user ? <SupportCentre /> : <Alert type="warning" showIcon title={SUPPORT_LOGIN_NEEDED} />}
    </Page>
  );
}
