import { Tag } from 'antd';
import type { Jornada } from '../../api/types';
import { InitialAvatar } from '../../components/InitialAvatar';
import { avatarUrl } from '../../layout/avatar';

/** The week's days as the API names them, Monday first, with the names shown. */
export const WEEK_DAYS: readonly { key: keyof Omit<Jornada, 'horasSemanales' | 'Servidor'>; label: string; short: string }[] = [
  { key: 'Lunes', label: 'Lunes', short: 'Lun' },
  { key: 'Martes', label: 'Martes', short: 'Mar' },
  { key: 'Miercoles', label: 'Miércoles', short: 'Mié' },
  { key: 'Jueves', label: 'Jueves', short: 'Jue' },
  { key: 'Viernes', label: 'Viernes', short: 'Vie' },
  { key: 'Sabado', label: 'Sábado', short: 'Sáb' },
  { key: 'Domingo', label: 'Domingo', short: 'Dom' },
];

/** This week's seconds, from the per-day figures. */
export function weekSeconds(jornada: Jornada): number {
  return WEEK_DAYS.reduce((sum, day) => sum + (Number(jornada[day.key]) || 0), 0);
}

/** The API writes 'No' (no inactivity) for an active staff member. */
export function isActive(inactividad: string): boolean {
  return inactividad === 'No';
}

export function ActiveTag({ inactividad }: { inactividad: string }) {
  return isActive(inactividad) ? <Tag color="success">Activo</Tag> : <Tag color="error">Inactivo</Tag>;
}

interface MemberAvatarProps {
  discordId: string;
  avatar: string;
  username: string;
  size?: number;
}

/** The member's Discord avatar, or the first letter of their name. */
export function MemberAvatar({ discordId, avatar, username, size = 32 }: MemberAvatarProps) {
  return (
    <InitialAvatar name={username} size={size} src={avatarUrl({ discordId, avatar })} alt="" style={{ flexShrink: 0, backgroundColor: '#4f46e5' }} />
  );
}
