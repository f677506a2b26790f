import type { ServerCard } from '../../api/types';

export type BadgeStatus = 'success' | 'warning' | 'error';

const STATUS_BADGES: Record<ServerCard['status'], { text: string; status: BadgeStatus }> = {
  online: { text: 'Online', status: 'success' },
  maintenance: { text: 'Mantenimiento', status: 'warning' },
  offline: { text: 'Offline', status: 'error' },
};

/** The badge of a server's status; an unknown value counts as offline. */
export function serverStatusBadge(status: string): { text: string; status: BadgeStatus } {
  return STATUS_BADGES[status as ServerCard['status']] ?? STATUS_BADGES.offline;
}

export const UNAVAILABLE_TEXT = 'No Disponible';

/** Servers can be joined only while online. */
export function canJoin(server: Pick<ServerCard, 'status' | 'joinUrl'>): boolean {
  return server.status === 'online' && server.joinUrl !== '';
}
