import { Tag, Typography } from 'antd';
import { labelOf } from '../api/labels';
import type { DataRequest, DataRequestState } from '../api/personalData';
import { DATA_REQUEST_KINDS, DATA_REQUEST_STATES, DATA_USES } from '../api/serverConstants.gen';
import { formatDate } from './dates';

/** "Soy menor de 18 años": the member's own word, on "Mis datos" and in the first notice. */
export const MINOR_LABEL = 'Soy menor de 18 años';
/** What saying so changes, in one line. */
export const MINOR_EFFECTS =
  'Si eres menor: se desactivan los mensajes directos no esenciales, tu expediente no lo ven otros jugadores (el staff sí) y un padre, madre o tutor puede presentar tus solicitudes.';
export const OVERDUE_TEXT = 'Vencida';
/** The mark staff see on a minor's record and request: never a birth date. */
export const MINOR_BADGE = 'Menor de edad';

const STATE_COLORS: Record<DataRequestState, string> = { pendiente: 'gold', aprobada: 'success', rechazada: 'error' };

/** The label of a kind of request (DATA_REQUEST_KINDS). */
export const dataRequestKindLabel = (kind: string) => labelOf(DATA_REQUEST_KINDS, kind);

/** The labels of uses of one's data (DATA_USES). */
export const dataUseLabels = (uses: readonly string[]) => uses.map((use) => labelOf(DATA_USES, use));

/** A request's state as a coloured tag with the server's label. */
export function DataRequestStateTag({ state }: { state: DataRequestState }) {
  return (
    <Tag color={STATE_COLORS[state]} style={{ marginInlineEnd: 0 }}>
      {labelOf(DATA_REQUEST_STATES, state)}
    </Tag>
  );
}

/** How many business days are left, in words: "quedan 3 días hábiles", "queda 1 día hábil", "vence hoy". */
export function businessDaysLeftText(days: number): string {
  if (days <= 0) return 'vence hoy';
  return days === 1 ? 'queda 1 día hábil' : `quedan ${days} días hábiles`;
}

/**
 * A pending request's deadline: "Respuesta a más tardar el 3 de marzo de 2025 · quedan 3 días
 * hábiles", or the deadline and "Vencida" in red once it passed.
 */
export function DataRequestDeadline({ request }: { request: Pick<DataRequest, 'dueAt' | 'businessDaysLeft' | 'overdue'> }) {
  return (
    <Typography.Text>
      Respuesta a más tardar el <time dateTime={request.dueAt}>{formatDate(request.dueAt)}</time>
      {' · '}
      {request.overdue ? (
        <Typography.Text type="danger" strong>
          {OVERDUE_TEXT}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">{businessDaysLeftText(request.businessDaysLeft)}</Typography.Text>
      )}
    </Typography.Text>
  );
}
