import { labelMap } from '../../api/labels';
import { SERVER_STATUSES } from '../../api/serverConstants.gen';
import type { ServerCard } from '../../api/types';

export type BadgeStatus = 'success' | 'warning' | 'error';

type ServerStatus = ServerCard['status'];

const STATUS_TEXTS: Record<ServerStatus, string> = labelMap(SERVER_STATUSES);
const STATUS_BADGES: Record<ServerStatus, BadgeStatus> = { online: 'success', maintenance: 'warning', offline: 'error' };

/** The badge of a server's status; an unknown value counts as offline. */
export function serverStatusBadge(status: string): { text: string; status: BadgeStatus } {
  const known: ServerStatus = Object.hasOwn(STATUS_BADGES, status) ? (status as ServerStatus) : 'offline';
  return { text: STATUS_TEXTS[known], status: STATUS_BADGES[known] };
}

export const UNAVAILABLE_TEXT = 'No Disponible';

/** Servers can be joined only while online. */
export function canJoin(server: Pick<ServerCard, 'status' | 'joinUrl'>): boolean {
  return server.status === 'online' && server.joinUrl !== '';
}
