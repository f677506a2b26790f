export const LEGISLATIVE_LOGIN_NOTICE = 'Inicia sesión para acceder a todas las funcionalidades del sistema legislativo.';

/**
 * What the sign-in page tells a visitor sent there from an area with a notice of its own
 * (spec §2: the legislative system's), or null.
 */
export function loginNoticeFor(requestedPath: string | null): string | null {
  if (requestedPath && /^\/legislative(?:[/?#]|$)/.test(requestedPath)) return LEGISLATIVE_LOGIN_NOTICE;
  return null;
}
