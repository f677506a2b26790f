import { useState } from 'react';
import { Result, Select, type TableColumnsType } from 'antd';
import { useArtistApplications, useSetApplicationStatus } from '../../api/artistApplications';
import { optionsOf } from '../../api/labels';
import { ARTIST_APPLICATION_STATUSES } from '../../api/serverConstants.gen';
import type { ArtistApplication, ArtistApplicationStatus } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { ErrorBanner } from '../../components/ErrorBanner';
import { formatDate } from '../../components/dates';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert, tableEmptyText } from '../../components/QueryState';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { PAGE_SUBTITLES } from '../../pageSubtitles';

export const NO_PERMISSION_MESSAGE = 'No tienes permiso para acceder a esta página';
export const NO_APPLICATIONS_TEXT = 'No hay aplicaciones';

export const STATUS_OPTIONS: { value: ArtistApplicationStatus; label: string }[] = optionsOf(ARTIST_APPLICATION_STATUSES);

function ApplicationsTable() {
  const applications = useArtistApplications();
  const setStatus = useSetApplicationStatus();
  const [saveError, setSaveError] = useState<string | null>(null);

  const changeStatus = (id: string, status: ArtistApplicationStatus) => {
    setSaveError(null);
    setStatus.mutate({ id, status }, { onError: (err) => setSaveError(err.message) });
  };

  const columns: TableColumnsType<ArtistApplication> = [
    { title: 'Email', dataIndex: 'email', key: 'email' },
    { title: 'Teléfono', dataIndex: 'phone', key: 'phone' },
    {
      title: 'Estado',
      dataIndex: 'status',
      key: 'status',
      width: 180,
      render: (status: ArtistApplicationStatus, row) => (
        <Select
          value={status}
          options={STATUS_OPTIONS}
          onChange={(next) => changeStatus(row._id, next)}
          loading={setStatus.isPending && setStatus.variables.id === row._id}
          aria-label={`Estado de ${row.email}`}
          style={{ width: '100%' }}
        />
      ),
    },
    {
      title: 'Fecha',
      dataIndex: 'createdAt',
      key: 'createdAt',
      render: (createdAt: string) => <time dateTime={createdAt}>{formatDate(createdAt)}</time>,
    },
  ];

  return (
    <>
      <QueryErrorAlert queries={applications} />
      <ErrorBanner message={saveError} onClose={() => setSaveError(null)} />
      <ResponsiveTable
        rowKey="_id"
        columns={columns}
        dataSource={applications.data ?? []}
        loading={applications.isPending}
        locale={{ emptyText: tableEmptyText(applications, NO_APPLICATIONS_TEXT) }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
      />
    </>
  );
}

/** Open to the artist-application reviewers only. */
export function ArtistApplicationsPage() {
  if (!useAuth().may('reviewArtists')) return <Result status="403" title={NO_PERMISSION_MESSAGE} />;
  return (
    <Page title={PAGE_TITLES['/admin/artist-applications']} subtitle={PAGE_SUBTITLES['/admin/artist-applications']}>
      <ApplicationsTable />
    </Page>
  );
}
