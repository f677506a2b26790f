import { useState, type ReactNode } from 'react';
import { App, Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { GlobalOutlined, IdcardOutlined } from '@ant-design/icons';
import { documentStatusQuery, myDocumentQuery, useDocumentStatus, useMyDocument } from '../../api/documents';
import type { FirstQueries } from '../../api/firstQueries';
import { useVerificationStatus, verificationStatusQuery } from '../../api/verify';
import type { DocumentKind, DocumentStatus } from '../../api/types';
import { DOCUMENT_NAMES } from '../../components/identity/DocumentCard';
import { OwnDocumentCard } from '../../components/identity/OwnDocumentCard';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert } from '../../components/QueryState';
import { SignedInOnly } from '../../components/SignedInOnly';
import { useFocusOnShow } from '../../components/SubmitOutcome';
import { DocumentDialog } from './DocumentDialog';
import { PAGE_SUBTITLES } from '../../pageSubtitles';

export const HAS_INE_TEXT = 'Ya tienes INE';
export const HAS_PASSPORT_TEXT = 'Ya tienes Pasaporte';
export const ONE_DOCUMENT_NOTE = 'Solo puedes tener un documento de identidad: la INE o el pasaporte.';

/** The document the player holds, from the status. */
function heldKind(status: DocumentStatus | undefined): DocumentKind | null {
  if (status?.hasINE) return 'INE';
  if (status?.hasPasaporte) return 'PASAPORTE';
  return null;
}

const HELD_TEXT: Record<DocumentKind, string> = { INE: HAS_INE_TEXT, PASAPORTE: HAS_PASSPORT_TEXT };

interface KindCardProps {
  kind: DocumentKind;
  icon: ReactNode;
  title: string;
  description: string;
  action: string;
  held: DocumentKind | null;
  ready: boolean;
  onOpen: () => void;
}

/** One of the two document cards; a player who holds either document may open neither form. */
function KindCard({ kind, icon, title, description, action, held, ready, onOpen }: KindCardProps) {
  const other = held !== null && held !== kind;
  return (
    <Card className="document-kind-card" style={{ height: '100%' }} styles={{ body: { height: '100%' } }}>
      <Flex vertical gap={12} style={{ height: '100%' }}>
        <Flex align="center" gap={12}>
          <span className="document-kind-icon" aria-hidden>
            {icon}
          </span>
          <Typography.Title level={2} className="title-size-4" style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ margin: 0, flex: 1 }}>
          {description}
        </Typography.Paragraph>
        {other ? (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {ONE_DOCUMENT_NOTE}
          </Typography.Text>
        ) : null}
        <Button type="primary" size="large" block disabled={!ready || held !== null} onClick={onOpen}>
          {held ? HELD_TEXT[held] : action}
        </Button>
      </Flex>
    </Card>
  );
}

/** What the documents page asks for first (api/firstQueries.ts). */
export const prefetchDocuments: FirstQueries = (queryClient) =>
  Promise.all([
    queryClient.prefetchQuery(documentStatusQuery()),
    queryClient.prefetchQuery(myDocumentQuery()),
    queryClient.prefetchQuery(verificationStatusQuery()),
  ]);

function Documents() {
  const { message } = App.useApp();
  const status = useDocumentStatus();
  const mine = useMyDocument();
  // The verified account, offered when the document's Roblox name needs correcting.
  const roblox = useVerificationStatus(true);
  const [dialog, setDialog] = useState<DocumentKind | null>(null);
  const [openKind, setOpenKind] = useState<DocumentKind>('INE');
  const held = heldKind(status.data);
  // Once a document is issued, focus lands on it rather than on the button that opened the form.
  const [issued, setIssued] = useState(0);
  const mineRef = useFocusOnShow<HTMLElement>(issued);

  const open = (kind: DocumentKind) => {
    setOpenKind(kind);
    setDialog(kind);
  };

  return (
    <>
      <QueryErrorAlert queries={[status, mine]} />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <KindCard
            kind="INE"
            icon={<IdcardOutlined />}
            title={DOCUMENT_NAMES.INE}
            description="La credencial para votar (INE) de los personajes mexicanos: nombre, estado y municipio de residencia y fecha de nacimiento."
            action="Crear INE"
            held={held}
            ready={status.isSuccess}
            onOpen={() => open('INE')}
          />
        </Col>
        <Col xs={24} md={12}>
          <KindCard
            kind="PASAPORTE"
            icon={<GlobalOutlined />}
            title={DOCUMENT_NAMES.PASAPORTE}
            description="El pasaporte de los personajes extranjeros: nombre, país de origen y fecha de nacimiento."
            action="Crear Pasaporte"
            held={held}
            ready={status.isSuccess}
            onOpen={() => open('PASAPORTE')}
          />
        </Col>
      </Row>

      <section ref={mineRef} tabIndex={-1} aria-labelledby="mi-documento" style={{ marginTop: 32 }}>
        <Typography.Title level={2} className="title-size-3" id="mi-documento">
          Mi documento
        </Typography.Title>
        {mine.isPending ? (
          <Skeleton active />
        ) : mine.data ? (
          <OwnDocumentCard document={mine.data} verifiedName={roblox.data?.verified ? roblox.data.username : undefined} />
        ) : mine.isSuccess ? (
          <Typography.Paragraph type="secondary">Todavía no tienes un documento de identidad.</Typography.Paragraph>
        ) : null}
      </section>

      <DocumentDialog
        kind={openKind}
        open={dialog !== null}
        onClose={() => setDialog(null)}
        onCreated={(text) => {
          void message.success(text);
          setIssued((count) => count + 1);
        }}
      />
    </>
  );
}

export function DocumentsPage() {
  return (
    <Page
      title={PAGE_TITLES['/documents']}
      subtitle={PAGE_SUBTITLES['/documents']}
    >
      <SignedInOnly>
        <Documents />
      </SignedInOnly>
    </Page>
  );
}
