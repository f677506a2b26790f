import type { PanelId, PanelLevel } from '../../api/types';

export interface PanelInfo {
  id: PanelId;
  label: string;
  /** What each right allows on the panel (docs/permissions.md). */
  rights: Record<PanelLevel, string>;
}

/** The panels of the permission matrix, in the order the selector shows them. */
export const PANELS: readonly PanelInfo[] = [
  {
    id: 'staff',
    label: 'Staff',
    rights: {
      read: 'Ver los moderadores y el reporte semanal.',
      modify: 'Ajustar horas, dar de baja y añadir notas y advertencias.',
      manage: 'Corregir la fecha de contratación.',
    },
  },
  {
    id: 'treasury',
    label: 'Tesorería',
    rights: {
      read: 'Ver ventas, miembros y resumen; exportar a CSV.',
      modify: 'Registrar ventas.',
      manage: 'Anular ventas.',
    },
  },
  {
    id: 'legislative',
    label: 'Legislativo',
    rights: {
      read: 'Ver iniciativas, orden del día y votaciones.',
      modify: 'Crear y eliminar iniciativas y puntos de agenda; ver quién votó qué.',
      manage: 'Abrir y detener votaciones.',
    },
  },
  {
    id: 'support',
    label: 'Soporte',
    rights: {
      read: 'Ver todos los tickets, responder como staff y ver las estadísticas.',
      modify: 'Asignar tickets y cambiar su prioridad y estado.',
      manage: 'Cerrar tickets.',
    },
  },
  {
    id: 'SAT',
    label: 'SAT',
    rights: {
      read: 'Ver los negocios y descargar sus documentos.',
      modify: 'Registrar y editar negocios.',
      manage: 'Suspender y reactivar negocios.',
    },
  },
];

export const RIGHTS: readonly { level: PanelLevel; label: string; short: string }[] = [
  { level: 'read', label: 'Lectura', short: 'Lect.' },
  { level: 'modify', label: 'Modificación', short: 'Modif.' },
  { level: 'manage', label: 'Gestión', short: 'Gest.' },
];

export function panelInfo(id: string): PanelInfo | undefined {
  return PANELS.find((panel) => panel.id === id);
}

export function panelLabel(id: string): string {
  return panelInfo(id)?.label ?? id;
}
