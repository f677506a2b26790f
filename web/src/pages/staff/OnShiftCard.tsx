import { Suspense, lazy, useState } from 'react';
import { Alert, Button, Card, Modal, Tag, Typography } from 'antd';
import { PoweroffOutlined } from '@ant-design/icons';
import { useOnShift } from '../../api/staff';
import type { OnShiftEntry } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { dateFormat } from '../../components/dates';
import { formatDuration } from '../../components/duration';
import { OneLineText } from '../../components/OneLineText';
import { LoadingState, QueryState } from '../../components/QueryState';
import { useNow } from '../../components/useNow';
import { MemberAvatar } from './staffParts';

export const ON_SHIFT_TITLE = 'En turno ahora';
export const NO_ONE_ON_SHIFT = 'Nadie está en turno ahora.';
export const END_SHIFT_TEXT = 'Terminar turno';

// The form (and antd's form library) loads when a director opens it, not with the dashboard.
const EndShiftForm = lazy(() => import('./EndShiftForm'));

/** "14:05" for a start today, "3/3/25, 14:05" for an older one, in the browser's locale. */
export function formatSince(value: string, now: number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const today = new Date(now).toDateString() === date.toDateString();
  return dateFormat(today ? { timeStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** Whole seconds from a start to now; never negative when the clocks disagree a little. */
export function elapsedSeconds(startedAt: string, now: number): number {
  const start = new Date(startedAt).getTime();
  if (Number.isNaN(start)) return 0;
  return Math.max(0, Math.floor((now - start) / 1000));
}

/**
 * The shift's worked time as the server counts it: the time since the start, stopped at the
 * current break's start while paused, less the finished breaks.
 */
export function workedSeconds(entry: Pick<OnShiftEntry, 'startedAt' | 'pausedAt' | 'breakSeconds'>, now: number): number {
  const until = entry.pausedAt ? Math.min(now, new Date(entry.pausedAt).getTime()) : now;
  return Math.max(0, elapsedSeconds(entry.startedAt, Number.isNaN(until) ? now : until) - entry.breakSeconds);
}

export const PAUSED_TEXT = 'En pausa';

/**
 * The height of one member's row (two lines beside the avatar, 8 px above and below): what the
 * card holds while it loads, so that the usual answer, one or two on shift, moves little below it.
 */
const ONE_ENTRY_HEIGHT = 61;

/** When the shift started: the time alone for today, read again each minute for midnight. */
function ShiftStart({ startedAt }: { startedAt: string }) {
  const now = useNow(60_000);
  return <time dateTime={startedAt}>{formatSince(startedAt, now)}</time>;
}

/**
 * The worked time, running every second. It keeps the clock to itself: ticking in the card
 * re-rendered the whole card every second (each member's avatar, name, tags, the dialog), a
 * long task each time on a phone, for as long as the dashboard stayed open.
 */
function WorkedTime({ entry }: { entry: OnShiftEntry }) {
  const worked = workedSeconds(entry, useNow(1_000));
  return (
    <Typography.Text className="staff-top-time" aria-label={`Tiempo trabajado: ${formatDuration(worked)}`}>
      {formatDuration(worked)}
    </Typography.Text>
  );
}

function OnShiftItem({ entry, onEnd }: { entry: OnShiftEntry; onEnd?: () => void }) {
  return (
    <li className="staff-onshift-item">
      <MemberAvatar discordId={entry.discordId} avatar={entry.avatar} username={entry.username} />
      <div className="staff-onshift-who">
        <OneLineText strong text={entry.username} style={{ display: 'block' }} />
        <Typography.Text type="secondary">
          <Tag style={{ marginInlineEnd: 6 }}>{entry.server}</Tag>
          {entry.pausedAt ? (
            <Tag color="warning" style={{ marginInlineEnd: 6 }}>
              {PAUSED_TEXT}
            </Tag>
          ) : null}
          desde <ShiftStart startedAt={entry.startedAt} />
        </Typography.Text>
      </div>
      <WorkedTime entry={entry} />
      {onEnd ? (
        <Button size="small" danger icon={<PoweroffOutlined />} onClick={onEnd} aria-label={`${END_SHIFT_TEXT} de ${entry.username}`}>
          {END_SHIFT_TEXT}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * Who is on shift now, where and since when, the worked time running live (stopped, and
 * marked "En pausa", during a break). Directors may end
 * someone's shift (the server says who: `endOthersShift`). The list is read again on every
 * shift event of the live stream, and every 30 s while that is down.
 */
export function OnShiftCard() {
  const { may } = useAuth();
  const onShift = useOnShift();
  const [ending, setEnding] = useState<OnShiftEntry | null>(null);
  const [ended, setEnded] = useState<string | null>(null);
  const mayEnd = may('endOthersShift');
  const list = onShift.data ?? [];
  return (
    <Card
      title={ON_SHIFT_TITLE}
      role="region"
      aria-label={ON_SHIFT_TITLE}
      extra={onShift.data ? <Tag color={list.length > 0 ? 'success' : 'default'}>{list.length}</Tag> : null}
      style={{ height: '100%' }}
    >
      {ended ? (
        <Alert type="success" showIcon closable={{ onClose: () => setEnded(null), 'aria-label': 'Cerrar' }} title={ended} style={{ marginBottom: 12 }} />
      ) : null}
      <QueryState queries={onShift} isEmpty={list.length === 0} empty={NO_ONE_ON_SHIFT} loading={<LoadingState minHeight={ONE_ENTRY_HEIGHT} />}>
        <ul className="staff-top staff-onshift" aria-label="Miembros en turno">
          {list.map((entry) => (
            <OnShiftItem
              key={entry.discordId}
              entry={entry}
              onEnd={
                mayEnd
                  ? () => {
                      setEnded(null);
                      setEnding(entry);
                    }
                  : undefined
              }
            />
          ))}
        </ul>
      </QueryState>
      <Modal title={END_SHIFT_TEXT} open={ending !== null} onCancel={() => setEnding(null)} footer={null} destroyOnHidden>
        {ending ? (
          <Suspense fallback={<LoadingState minHeight={120} />}>
          <EndShiftForm
            entry={ending}
            onDone={() => {
              setEnded(`Turno de ${ending.username} terminado.`);
              setEnding(null);
            }}
            onCancel={() => setEnding(null)}
          />
          </Suspense>
        ) : null}
      </Modal>
    </Card>
  );
}
