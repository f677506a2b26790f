import { useState } from 'react';
import { App, Avatar, Button, Card, Col, Empty, Flex, Form, Input, Row, Skeleton, Tag, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { MINOR_BADGE } from '../../components/dataRequests';
import { TOKEN_KEY, saveFile } from '../../api/client';
import {
  NO_RECORDS_TEXT,
  NO_TOKEN_MESSAGE,
  cleanRecordQuery,
  fetchRecordPdf,
  isEmptyRecordQuery,
  recordKeys,
  useAddCharge,
  useRecordSearch,
  type RecordQuery,
} from '../../api/records';
import type { CriminalRecord } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ChargesTable } from '../../components/identity/ChargesTable';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryState } from '../../components/QueryState';
import { SignedInOnly } from '../../components/SignedInOnly';
import { useFocusOnShow } from '../../components/SubmitOutcome';
import { avatarUrl, initial } from '../../layout/avatar';
import { useChargeCorrections } from './ChargeCorrections';
import { PAGE_SUBTITLES } from '../../pageSubtitles';

export const QUERY_NEEDED = 'Escribe un ID de Discord o un usuario de Roblox.';

/** Whether the signed-in user may file charges, as the server decides. */
export function useCanAddCharges(): boolean {
  return useAuth().may('addCharges');
}

/** The Roblox picture, else the Discord avatar, else the first letter of a name. */
function RecordAvatar({ record }: { record: CriminalRecord }) {
  const name = record.robloxUsername || record.username || record.discordId;
  const src = record.avatar || avatarUrl({ discordId: record.discordId, avatar: record.discordAvatar });
  return (
    <Avatar size={64} src={src || undefined} alt={name} style={{ backgroundColor: '#4f46e5', flexShrink: 0, fontSize: 26 }}>
      {initial(name)}
    </Avatar>
  );
}

function RecordResult({ record, query }: { record: CriminalRecord; query: RecordQuery }) {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const corrections = useChargeCorrections(record);

  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      const { blob, filename } = await fetchRecordPdf(query);
      saveFile(blob, filename);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card className="record-card" role="region" aria-label="Expediente">
      <Flex gap={16} align="center" wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={16} align="center" style={{ minWidth: 0 }}>
          <RecordAvatar record={record} />
          <div style={{ minWidth: 0 }}>
            <Typography.Title level={2} className="title-size-3" style={{ margin: 0, overflowWrap: 'anywhere' }}>
              {record.robloxUsername || 'Sin usuario de Roblox'}
            </Typography.Title>
            {record.minor ? <Tag color="purple">{MINOR_BADGE}</Tag> : null}
            {record.username || record.discordId ? (
              <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                Discord: {record.username || 'desconocido'}
                {record.discordId ? ` (${record.discordId})` : ''}
              </Typography.Text>
            ) : null}
          </div>
        </Flex>
        <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
          Descargar PDF
        </Button>
      </Flex>
      <ErrorBanner message={error} onClose={() => setError(null)} />
      <ChargesTable charges={record.charges} actions={corrections.actions} />
      {corrections.dialog}
    </Card>
  );
}

interface SearchValues {
  discordId?: string;
  robloxUsername?: string;
}

/** Moderators and administrators file a charge against a person the portal knows. */
function AddChargeCard({ onAdded }: { onAdded: (target: RecordQuery, record: CriminalRecord) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SearchValues & { description: string }>();
  const add = useAddCharge();

  const submit = (values: SearchValues & { description: string }) => {
    const target = cleanRecordQuery(values);
    add.mutate(
      { ...target, description: values.description },
      {
        onSuccess: (added) => {
          void message.success(added.message);
          form.resetFields();
          onAdded(target, added.record);
        },
      },
    );
  };

  return (
    <Card title="Agregar cargo" className="add-charge-card" style={{ marginTop: 24 }}>
      <Form form={form} name="nuevo-cargo" layout="vertical" onFinish={submit} disabled={add.isPending} requiredMark={false}>
        <Typography.Paragraph type="secondary">
          Escribe el ID de Discord o el usuario de Roblox de la persona (o ambos) y describe el cargo.
        </Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label="ID de Discord"
              name="discordId"
              dependencies={['robloxUsername']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_rule, value: unknown) =>
                    isEmptyRecordQuery({ discordId: String(value ?? ''), robloxUsername: String(getFieldValue('robloxUsername') ?? '') })
                      ? Promise.reject(new Error(QUERY_NEEDED))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Input inputMode="numeric" maxLength={20} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Usuario de Roblox" name="robloxUsername">
              <Input maxLength={20} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Descripción del cargo" name="description" rules={[{ required: true, whitespace: true, message: 'Describe el cargo' }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <ErrorBanner message={add.error?.message} onClose={add.reset} />
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
            Agregar cargo
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

function RecordSearch() {
  const queryClient = useQueryClient();
  const canAddCharges = useCanAddCharges();
  const [form] = Form.useForm<SearchValues>();
  const [query, setQuery] = useState<RecordQuery | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const result = useRecordSearch(query);
  // Each search (a new query object, even for the same person) lands focus on its answer once
  // it is there; a refetch in the background keeps the query, so it does not move focus.
  const answerRef = useFocusOnShow<HTMLDivElement>(result.isSuccess || result.isError ? query : null);

  const search = (values: SearchValues) => {
    const next = cleanRecordQuery(values);
    if (isEmptyRecordQuery(next)) {
      setSearchError(QUERY_NEEDED);
      return;
    }
    if (!localStorage.getItem(TOKEN_KEY)) {
      setSearchError(NO_TOKEN_MESSAGE);
      return;
    }
    setSearchError(null);
    setQuery(next);
    // The same search again reads the record again.
    void queryClient.invalidateQueries({ queryKey: recordKeys.search(next) });
  };

  // After a charge, the search shows that person's record, as the server answered it.
  const showAdded = (target: RecordQuery, record: CriminalRecord) => {
    queryClient.setQueryData(recordKeys.search(target), record);
    form.setFieldsValue({ discordId: target.discordId ?? '', robloxUsername: target.robloxUsername ?? '' });
    setSearchError(null);
    setQuery(target);
  };

  return (
    <>
      <Card className="records-search">
        <Form form={form} name="buscar-expediente" layout="vertical" onFinish={search} role="search" aria-label="Buscar expediente">
          <Row gutter={[16, 16]} align="bottom">
            <Col xs={24} md={10}>
              <Form.Item label="ID de Discord" name="discordId" style={{ marginBottom: 0 }}>
                <Input inputMode="numeric" maxLength={20} autoComplete="off" allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item label="Usuario de Roblox" name="robloxUsername" style={{ marginBottom: 0 }}>
                <Input maxLength={20} autoComplete="off" allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} md={4}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} block loading={result.isFetching}>
                Buscar
              </Button>
            </Col>
          </Row>
        </Form>
      </Card>

      <div ref={answerRef} tabIndex={-1} style={{ marginTop: 24 }} aria-live="polite">
        <ErrorBanner message={searchError} onClose={() => setSearchError(null)} />
        {query === null || searchError ? null : (
          <QueryState
            queries={result}
            loading={
              <Card>
                <Skeleton avatar active />
              </Card>
            }
            isEmpty={!result.data}
            empty={
              <Card>
                <Empty description={NO_RECORDS_TEXT} />
              </Card>
            }
          >
            {() => <RecordResult record={result.data as CriminalRecord} query={query} />}
          </QueryState>
        )}
      </div>

      {canAddCharges ? <AddChargeCard onAdded={showAdded} /> : null}
    </>
  );
}

export function RecordsPage() {
  return (
    <Page title={PAGE_TITLES['/records']} subtitle={PAGE_SUBTITLES['/records']}>
      <SignedInOnly>
        <RecordSearch />
      </SignedInOnly>
    </Page>
  );
}
