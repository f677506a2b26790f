import type { ReactNode } from 'react';
import { Card, Col, Flex, Rate, Row, Statistic, Typography } from 'antd';
import { ClockCircleOutlined, TagsOutlined } from '@ant-design/icons';
import type { StaffProfile } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { formatDate, formatDateTime } from '../../components/dates';
import { formatDuration } from '../../components/duration';
import { ActiveTag, MemberAvatar } from './staffParts';
import { EmptyFigure, NO_RATINGS_TEXT, NO_TIME_TEXT, rated } from './emptyFigures';

/** The rating to one decimal, e.g. "4.5"; the stars show it to the nearest half. */
const ratingText = (rating: number) => (Number.isFinite(rating) ? rating : 0).toFixed(1);

/** Who the staff member is: avatar, name, active or not, and since when. */
export function StaffHeader({ profile }: { profile: StaffProfile }) {
  const { user } = useAuth();
  const username = profile.username || user?.username || '';
  return (
    <Card style={{ marginBottom: 24 }} className="staff-header">
      <Flex gap={16} align="center">
        <MemberAvatar discordId={user?.discordId ?? ''} avatar={profile.avatar || user?.avatar || ''} username={username} size={64} />
        <div style={{ minWidth: 0, flex: '1 1 auto' }}>
          <Flex gap={8} align="center" wrap>
            <Typography.Title level={2} className="title-size-3" style={{ margin: 0, overflowWrap: 'anywhere' }}>
              {username}
            </Typography.Title>
            <ActiveTag inactividad={profile.Inactividad} />
          </Flex>
          <Typography.Text type="secondary">
            {profile.TiempoContratado ? `Contratado el ${formatDate(profile.TiempoContratado)}` : 'Sin fecha de contratación registrada'}
          </Typography.Text>
        </div>
      </Flex>
    </Card>
  );
}

export interface Figure {
  key: string;
  title: string;
  content: ReactNode;
}

/** A row of figure cards, each a labelled group. */
export function FigureCards({ figures }: { figures: Figure[] }) {
  const span = 24 / figures.length;
  return (
    <Row gutter={[16, 16]} align="stretch" style={{ marginBottom: 24 }}>
      {figures.map((figure) => (
        <Col key={figure.key} xs={24} sm={12} lg={span}>
          <Card className="staff-stat" role="group" aria-label={figure.title} style={{ height: '100%' }}>
            {figure.content}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** Rating out of 5 (read-only stars), total time and tickets attended: what the profile and the stats pages share. */
export function profileFigures(profile: StaffProfile): Figure[] {
  const rating = Number.isFinite(profile.Calificacion) ? profile.Calificacion : 0;
  return [
    {
      key: 'rating',
      title: 'Calificación',
      content: (
        <Statistic
          title="Calificación"
          valueRender={() =>
            rated(rating) ? (
              <Flex align="center" gap={8} wrap>
                <Rate disabled allowHalf value={Math.round(rating * 2) / 2} aria-hidden="true" style={{ fontSize: 18 }} />
                <span>{ratingText(rating)} / 5</span>
              </Flex>
            ) : (
              <EmptyFigure text={NO_RATINGS_TEXT} />
            )
          }
        />
      ),
    },
    {
      key: 'time',
      title: 'Tiempo total',
      content:
        profile.TiempoTotal > 0 ? (
          <Statistic title="Tiempo total" prefix={<ClockCircleOutlined />} value={formatDuration(profile.TiempoTotal)} />
        ) : (
          <Statistic title="Tiempo total" valueRender={() => <EmptyFigure text={NO_TIME_TEXT} />} />
        ),
    },
    {
      key: 'tickets',
      title: 'Tickets atendidos',
      content: <Statistic title="Tickets atendidos" prefix={<TagsOutlined />} value={profile.TicketsAtendidos} />,
    },
  ];
}

interface Entry {
  text: string;
  by: string;
  at: string;
}

function EntryList({ title, entries, empty, label }: { title: string; entries: Entry[]; empty: string; label: string }) {
  return (
    <Card title={title} role="region" aria-label={title} style={{ height: '100%' }}>
      {entries.length === 0 ? (
        <Typography.Text type="secondary">{empty}</Typography.Text>
      ) : (
        <ul className="staff-entries">
          {entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <Typography.Paragraph style={{ marginBottom: 4, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{entry.text}</Typography.Paragraph>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {label} por {entry.by || 'alguien del equipo'}
                {formatDateTime(entry.at) ? ` · ${formatDateTime(entry.at)}` : ''}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The administrative notes and the warnings, with who applied them and when. */
export function NotesAndWarnings({ profile }: { profile: StaffProfile }) {
  const notes = profile.NotaAdministrativa.map((note) => ({ text: note.Nota, by: note.Aplicador, at: note.Aplicado }));
  const warns = profile.WarnAdministrativo.flatMap((group) => group.Warn).map((warn) => ({ text: warn.Warn, by: warn.Aplicador, at: warn.Aplicado }));
  return (
    <Row gutter={[16, 16]} align="stretch">
      <Col xs={24} md={12}>
        <EntryList title="Notas Administrativas" entries={notes} empty="Sin notas administrativas." label="Aplicada" />
      </Col>
      <Col xs={24} md={12}>
        <EntryList title="Advertencias" entries={warns} empty="Sin advertencias." label="Aplicada" />
      </Col>
    </Row>
  );
}
