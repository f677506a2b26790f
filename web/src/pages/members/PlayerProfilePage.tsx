import { useState, type ReactNode } from 'react';
import { Alert, App, Avatar, Button, Card, Col, Empty, Flex, Popconfirm, Row, Skeleton, Tag, Typography } from 'antd';
import { useScreens } from '../../components/useScreens';
import { AuditOutlined, CheckCircleFilled, CustomerServiceOutlined, IdcardOutlined, LinkOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { usePlayerProfile } from '../../api/players';
import type { PlayerProfile } from '../../api/types';
import { useInitiateVerification, useUnlinkRoblox } from '../../api/verify';
import { ChargesTable } from '../../components/identity/ChargesTable';
import { OwnDocumentCard } from '../../components/identity/OwnDocumentCard';
import { formatDate } from '../../components/dates';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryState } from '../../components/QueryState';
import { SignedInOnly } from '../../components/SignedInOnly';
import { StatusTag } from '../../components/tickets/TicketTags';
import { avatarUrl, initial } from '../../layout/avatar';
import { MyDataSection } from './MyDataSection';

export const NOT_VERIFIED_TEXT = 'Todavía no has vinculado tu cuenta de Roblox.';
export const NO_DOCUMENT_TEXT = 'Todavía no tienes un documento de identidad.';
export const NO_OPEN_TICKETS_TEXT = 'No tienes tickets abiertos.';
export const SWITCH_ACCOUNT_TEXT = 'Cambiar de cuenta';
export const UNLINK_TEXT = 'Desvincular';
export const RECORD_STAYS_TEXT = 'Tu expediente sigue siendo tuyo.';
export const SWITCH_ERROR_TEXT = 'No se pudo iniciar la verificación con Roblox.';

function Section({ title, icon, extra, children }: { title: string; icon: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card
      className="profile-section"
      title={
        <Flex align="center" gap={8}>
          {icon}
          <span>{title}</span>
        </Flex>
      }
      extra={extra}
      style={{ height: '100%' }}
    >
      {children}
    </Card>
  );
}

function Identity({ profile }: { profile: PlayerProfile }) {
  const wide = useScreens().sm === true;
  return (
    <Card className="profile-identity">
      <Flex gap={wide ? 20 : 14} align="center">
        <Avatar
          size={wide ? 88 : 60}
          src={avatarUrl(profile)}
          alt={profile.username}
          style={{ backgroundColor: '#ec4899', fontSize: wide ? 36 : 26, flexShrink: 0 }}
        >
          {initial(profile.username)}
        </Avatar>
        <Flex vertical gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Typography.Title level={2} className="title-size-3" style={{ margin: 0, overflowWrap: 'anywhere' }}>
            {profile.username}
          </Typography.Title>
          <Typography.Text type="secondary">ID de Discord: {profile.discordId}</Typography.Text>
          <Flex gap={6} wrap aria-label="Roles">
            {profile.inGuild ? null : <Tag color="warning">Fuera del servidor de Discord</Tag>}
            {profile.roles.length === 0 ? <Tag>Sin roles</Tag> : profile.roles.map((role) => <Tag key={role} color="purple">{role}</Tag>)}
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}

/** Switch to another Roblox account (a new verification replaces the link) or unlink it, each after a confirmation. */
function LinkActions({ username }: { username: string }) {
  const { message } = App.useApp();
  const initiate = useInitiateVerification();
  const unlink = useUnlinkRoblox();
  // True once the browser has been sent to Roblox, so the button stays busy until it leaves.
  const [leaving, setLeaving] = useState(false);
  const switchAccount = () =>
    initiate.mutate(undefined, {
      onSuccess: (url) => {
        setLeaving(true);
        window.location.assign(url);
      },
    });
  const unlinkAccount = () => unlink.mutate(undefined, { onSuccess: () => void message.success('Cuenta de Roblox desvinculada.') });
  return (
    <Flex vertical gap={8} style={{ marginTop: 12 }}>
      <Flex gap={8} wrap>
        <Popconfirm
          title="¿Verificar otra cuenta de Roblox?"
          description={`Reemplazará a ${username}. ${RECORD_STAYS_TEXT}`}
          okText="Continuar"
          cancelText="Cancelar"
          onConfirm={switchAccount}
        >
          <Button loading={initiate.isPending || leaving}>{SWITCH_ACCOUNT_TEXT}</Button>
        </Popconfirm>
        <Popconfirm
          title={`¿Desvincular ${username}?`}
          description={RECORD_STAYS_TEXT}
          okText={UNLINK_TEXT}
          okButtonProps={{ danger: true }}
          cancelText="Cancelar"
          onConfirm={unlinkAccount}
        >
          <Button danger loading={unlink.isPending}>
            {UNLINK_TEXT}
          </Button>
        </Popconfirm>
      </Flex>
      {initiate.isError ? <Alert type="error" showIcon title={SWITCH_ERROR_TEXT} /> : null}
      {unlink.isError ? <Alert type="error" showIcon title={unlink.error.message} /> : null}
    </Flex>
  );
}

function RobloxLink({ profile }: { profile: PlayerProfile }) {
  const navigate = useNavigate();
  const { roblox } = profile;
  return (
    <Section title="Cuenta de Roblox" icon={<LinkOutlined />}>
      {roblox.verified ? (
        <Flex vertical gap={4}>
          <Flex align="center" gap={8}>
            <CheckCircleFilled style={{ color: '#52c41a' }} />
            <Typography.Text strong style={{ fontSize: 16, overflowWrap: 'anywhere' }}>
              {roblox.username}
            </Typography.Text>
          </Flex>
          {roblox.verifiedAt ? (
            <Typography.Text type="secondary">
              Verificada el <time dateTime={roblox.verifiedAt}>{formatDate(roblox.verifiedAt)}</time>
            </Typography.Text>
          ) : null}
          <LinkActions username={roblox.username ?? ''} />
        </Flex>
      ) : (
        <Flex vertical gap={12} align="flex-start">
          <Typography.Text type="secondary">{NOT_VERIFIED_TEXT}</Typography.Text>
          <Button type="primary" onClick={() => navigate('/verify')}>
            Verificar mi cuenta de Roblox
          </Button>
        </Flex>
      )}
    </Section>
  );
}

function OpenTickets({ profile }: { profile: PlayerProfile }) {
  return (
    <Section title="Tickets abiertos" icon={<CustomerServiceOutlined />} extra={<Link to="/support">Ir a Soporte</Link>}>
      {profile.tickets.length === 0 ? (
        <Typography.Text type="secondary">{NO_OPEN_TICKETS_TEXT}</Typography.Text>
      ) : (
        <ul className="profile-tickets">
          {profile.tickets.map((ticket) => (
            <li key={ticket.ticketId}>
              <Link to="/support" className="profile-ticket-title">
                <strong>#{ticket.ticketId}</strong> {ticket.title}
              </Link>
              <StatusTag status={ticket.status} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Profile({ profile }: { profile: PlayerProfile }) {
  const navigate = useNavigate();
  return (
    <Flex vertical gap={16}>
      <Identity profile={profile} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <RobloxLink profile={profile} />
        </Col>
        <Col xs={24} lg={12}>
          <OpenTickets profile={profile} />
        </Col>
      </Row>
      {profile.document ? (
        <OwnDocumentCard document={profile.document} verifiedName={profile.roblox.verified ? profile.roblox.username : undefined} />
      ) : (
        <Section title="Documento de identidad" icon={<IdcardOutlined />}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_DOCUMENT_TEXT}>
            <Button type="primary" onClick={() => navigate('/documents')}>
              Tramitar documento
            </Button>
          </Empty>
        </Section>
      )}
      <Section title="Expediente criminal" icon={<AuditOutlined />} extra={<Link to="/records">Expedientes</Link>}>
        <ChargesTable charges={profile.charges} />
      </Section>
      <MyDataSection />
    </Flex>
  );
}

/** The signed-in player's own page: who they are in Discord and Roblox, their document, tickets and record. */
function LoadedProfile() {
  const profile = usePlayerProfile();
  return (
    <>
      <QueryState
        queries={profile}
        loading={
          <Card>
            <Skeleton avatar active paragraph={{ rows: 4 }} />
          </Card>
        }
      >
        {() => <Profile profile={profile.data as PlayerProfile} />}
      </QueryState>
    </>
  );
}

export function PlayerProfilePage() {
  return (
    <Page title={PAGE_TITLES['/perfil']}>
      <SignedInOnly>
        <LoadedProfile />
      </SignedInOnly>
    </Page>
  );
}
