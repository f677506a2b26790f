/**
 * The title of each page, by its path in routes.tsx: the page's heading, and (followed by
 * ' · Zócalo') the title the server writes into the head of the HTML it serves.
 * `npm run gen:routes` copies them into webapi/webroutes_gen.go and refuses a route without
 * a title or a title without a route; write one entry per line, as below.
 */
export const PAGE_TITLES = {
  '/': 'Inicio',
  '/shop': 'Tienda',
  '/news': 'Noticias',
  '/news/:id': 'Noticias',
  '/login': 'Iniciar Sesión',
  '/auth/callback': 'Iniciando sesión',
  '/unauthorized': 'Acceso Denegado',
  '/verify/*': 'Verificación de Roblox',
  '/contact': 'Contacto',
  '/artist-application': 'Convocatoria de Dibujantes',
  '/privacy-policy': 'Política de Privacidad',
  '/diario-oficial': 'Diario Oficial',
  '/records': 'Expedientes Criminales',
  '/documents': 'Sistema de Documentación',
  '/support': 'Centro de Soporte',
  '/support/tickets/:id': 'Centro de Soporte',
  '/perfil': 'Mi Perfil',
  '/admin/artist-applications': 'Aplicaciones de Dibujantes',
  '/dashboard': 'Panel de Control',
  '/staff/profile': 'Mi Perfil',
  '/staff/stats': 'Mis Estadísticas',
  '/staff/ausencias': 'Ausencias del Staff',
  '/staff/:userId': 'Expediente de staff',
  '/admin/support': 'Panel de Soporte',
  '/admin/support/tickets/:id': 'Panel de Soporte',
  '/treasury': 'Tesorería',
  '/treasury/register': 'Registrar Venta',
  '/treasury/history': 'Historial de Ventas',
  '/treasury/members': 'Miembros de Tesorería',
  '/sat/business': 'Panel SAT',
  '/admin/news': 'Gestión de Noticias',
  '/admin/roles': 'Gestión de Roles y Permisos',
  '/security': 'Seguridad y Auditoría',
  '/admin/api-keys': 'Claves de API',
  '/admin/deliveries': 'Entregas a Discord',
  '/admin/contact-messages': 'Mensajes de contacto',
  '/admin/datos': 'Solicitudes de datos personales',
  '/legislative': 'Sistema Legislativo',
  '/legislative/initiatives/:id': 'Iniciativa',
} as const;

/** A page's path in routes.tsx. */
export type PagePath = keyof typeof PAGE_TITLES;

/** The title of one of the pages: a heading spelled any other way fails the typecheck. */
export type PageTitle = (typeof PAGE_TITLES)[PagePath];
