import type { PagePath } from './pageTitles';

/**
 * The description under a page's heading, for the pages whose description is the same for
 * everyone: the page shows it, and so does the HTML served before the app runs
 * (layout/PageFallback.tsx), so that the frame a phone paints first is the page's own.
 */
export const PAGE_SUBTITLES: Partial<Record<PagePath, string>> = {
  '/support': 'Abre un ticket y sigue las respuestas del equipo de soporte.',
  '/support/tickets/:id': 'Abre un ticket y sigue las respuestas del equipo de soporte.',
  '/records': 'Consulta el expediente de una persona por su ID de Discord o su usuario de Roblox.',
  '/documents': 'Tramita el documento de identidad de tu personaje: la Identificación Nacional si es mexicano, o el Pasaporte Internacional si viene de otro país.',
  '/admin/support': 'Atiende, asigna y prioriza los tickets de la comunidad.',
  '/admin/support/tickets/:id': 'Atiende, asigna y prioriza los tickets de la comunidad.',
  '/admin/news': 'Publica, edita y oculta las noticias del portal.',
  '/admin/roles': 'Qué puede hacer cada rol de Discord en cada panel. Cada cambio se aplica en el momento y queda en el registro de auditoría.',
  '/admin/api-keys': 'Las claves con las que los servidores del juego consultan y registran documentos y expedientes.',
  '/admin/contact-messages': 'Lo que los visitantes escriben en el formulario de contacto, completo, aunque Discord no lo haya recibido.',
  '/admin/datos': 'Las solicitudes de los miembros sobre sus datos personales, con el plazo de respuesta en días hábiles.',
  '/security': 'El registro de todo lo que cambia en el portal: quién, cuándo, qué y los valores de antes y después.',
  '/sat/business': 'Sistema de Administración de Negocios',
  '/admin/artist-applications': 'Las aplicaciones a la convocatoria de dibujantes, de la más reciente a la más antigua.',
  '/legislative': 'Iniciativas, votaciones y orden del día de la SCJN y de la Cámara de Diputados.',
  '/treasury/register': 'El precio sale del catálogo; solo eliges el artículo y el descuento.',
  '/treasury': 'Ventas de artículos, ingresos del mes y equipo de tesorería.',
  '/treasury/history': 'Todas las ventas, de la más reciente a la más antigua. Las anuladas no cuentan en los totales.',
  '/treasury/members': 'Quienes tienen el rol de tesorería o de auditoría.',
};
