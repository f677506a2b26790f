import { labelOf } from '../../api/labels';
import { AUDIT_AREAS } from '../../api/serverConstants.gen';
import { panelLabel } from './panels';

/** An area of the log in words, as the server names it. */
export function areaLabel(area: string): string {
  return labelOf(AUDIT_AREAS, area);
}

const ACTIONS: Record<string, Record<string, string>> = {
  news: { create: 'Noticia creada', update: 'Noticia editada', delete: 'Noticia eliminada' },
  tickets: { status: 'Cambio de estado', assign: 'Asignación', priority: 'Cambio de prioridad', rating: 'Calificación' },
  staff: {
    'hours.add': 'Horas sumadas',
    'hours.subtract': 'Horas restadas',
    dismiss: 'Baja',
    hired: 'Fecha de contratación corregida',
    'note.add': 'Nota administrativa',
    'warn.add': 'Advertencia administrativa',
  },
  treasury: { sale: 'Venta registrada', void: 'Venta anulada' },
  datos: { export: 'Descarga de sus datos', 'export.pdf': 'Descarga de sus datos en PDF' },
  artists: { status: 'Decisión sobre una solicitud' },
  sat: { register: 'Negocio registrado', update: 'Negocio editado', status: 'Estado del negocio' },
  documents: {
    issue: 'Documento emitido',
    roblox_name: 'Nombre de Roblox del documento corregido',
    'roblox.link': 'Cuenta de Roblox vinculada',
    'roblox.switch': 'Cuenta de Roblox cambiada',
    'roblox.refresh': 'Cuenta de Roblox verificada de nuevo',
    'roblox.unlink': 'Cuenta de Roblox desvinculada',
  },
  records: {
    'charge.web': 'Cargo añadido desde la web',
    'charge.discord': 'Cargo añadido desde Discord',
    'charge.game': 'Cargo añadido desde el juego',
    'charge.void': 'Cargo anulado',
    'charge.expunge': 'Cargo eliminado',
    'charge.move': 'Cargo movido a otra persona',
  },
  legislative: {
    'initiative.create': 'Iniciativa creada',
    'initiative.delete': 'Iniciativa eliminada',
    'initiative.withdraw': 'Iniciativa retirada',
    'voting.open': 'Votación abierta',
    'voting.reschedule': 'Cierre de votación cambiado',
    'voting.stop': 'Votación detenida',
    'voting.close': 'Votación cerrada',
  },
  apikeys: { create: 'Clave creada', revoke: 'Clave revocada' },
  deliveries: {
    retry: 'Entrega reintentada',
    'retry.all': 'Entrega reintentada (todas)',
    'retry.group': 'Entregas bloqueadas reintentadas (un grupo)',
    discard: 'Entrega descartada',
  },
  roles: { 'member.roles': 'Roles del miembro' },
};

/** An action in words ('panel.treasury' on permissions reads 'Permisos del panel Tesorería'); unknown ones as recorded. */
export function actionLabel(area: string, action: string): string {
  if (area === 'permissions' && action.startsWith('panel.')) return `Permisos del panel ${panelLabel(action.slice('panel.'.length))}`;
  return ACTIONS[area]?.[action] ?? action;
}

const ENTITIES: Record<string, string> = {
  news: 'Noticia',
  ticket: 'Ticket',
  member: 'Miembro',
  sale: 'Venta',
  business: 'Negocio',
  document: 'Documento',
  roblox_link: 'Cuenta de Roblox',
  charge: 'Cargo',
  initiative: 'Iniciativa',
  role: 'Rol',
  apikey: 'Clave de API',
  outbox_event: 'Entrega a Discord',
  outbox_lane: 'Entregas a Discord de un carril',
};

export function entityLabel(type: string): string {
  return ENTITIES[type] ?? type;
}

const FIELDS: Record<string, string> = {
  read: 'Lectura',
  modify: 'Modificación',
  manage: 'Gestión',
};

/** A recorded field's name on screen: the matrix's rights in Spanish, any other as recorded. */
export function fieldLabel(key: string): string {
  return FIELDS[key] ?? key;
}
