/** A page the navigation offers. */
export interface NavEntry {
  path: string;
  label: string;
  /** Open to visitors too; any other entry shows only when the server's menu offers it to the person. */
  public?: boolean;
}

/**
 * The bar: one click from any page. Every other page a person may open is in the user menu
 * (two clicks) or linked from a page of the bar (two clicks).
 */
export const BAR_ENTRIES: NavEntry[] = [
  { path: '/', label: 'Inicio', public: true },
  { path: '/shop', label: 'Tienda', public: true },
  { path: '/records', label: 'Expedientes' },
  { path: '/documents', label: 'Documentos' },
  { path: '/support', label: 'Soporte' },
  { path: '/legislative', label: 'Legislativo' },
  { path: '/treasury', label: 'Tesorería' },
];

export interface NavGroup {
  title: string;
  entries: NavEntry[];
}

/** The user menu: the person's own pages, then the panels they work in. */
export const MENU_GROUPS: NavGroup[] = [
  {
    title: 'Mi cuenta',
    entries: [
      { path: '/perfil', label: 'Mi Perfil' },
      { path: '/staff/profile', label: 'Perfil de Staff' },
      { path: '/staff/stats', label: 'Mis Estadísticas' },
    ],
  },
  {
    title: 'Staff',
    entries: [
      { path: '/dashboard', label: 'Dashboard' },
      { path: '/admin/support', label: 'Panel de Soporte' },
      { path: '/staff/ausencias', label: 'Ausencias del Staff' },
    ],
  },
  {
    title: 'Administración',
    entries: [
      { path: '/sat/business', label: 'Panel SAT' },
      { path: '/admin/news', label: 'Gestión de Noticias' },
      { path: '/admin/roles', label: 'Roles y Permisos' },
      { path: '/security', label: 'Seguridad y Auditoría' },
      { path: '/admin/api-keys', label: 'Claves de API' },
      { path: '/admin/deliveries', label: 'Entregas a Discord' },
      { path: '/admin/contact-messages', label: 'Mensajes de contacto' },
      { path: '/admin/datos', label: 'Solicitudes de datos personales' },
      { path: '/admin/artist-applications', label: 'Ver Aplicaciones' },
    ],
  },
];

/** The entries a person sees: public ones, and those the server's menu offers them. */
export function visibleEntries(entries: NavEntry[], offers: (path: string) => boolean): NavEntry[] {
  return entries.filter((entry) => entry.public === true || offers(entry.path));
}

/** The groups a person sees, each with its visible entries; empty groups go. */
export function visibleGroups(groups: NavGroup[], offers: (path: string) => boolean): NavGroup[] {
  return groups.map((group) => ({ ...group, entries: visibleEntries(group.entries, offers) })).filter((group) => group.entries.length > 0);
}
