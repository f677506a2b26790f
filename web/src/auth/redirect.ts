export const REDIRECT_KEY = 'redirectUrl';
export const DISCORD_LOGIN_PATH = '/api/auth/discord';

export function saveRedirect(path: string): void {
  sessionStorage.setItem(REDIRECT_KEY, path);
}

/** Returns the stored redirect path (or the fallback) and clears it. Only same-site paths are followed. */
export function takeRedirect(fallback: string): string {
  const stored = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  if (stored && stored.startsWith('/') && !stored.startsWith('//')) return stored;
  return fallback;
}

/** Leaves the app for the Discord sign-in, which ends at /auth/callback. */
export function startDiscordLogin(): void {
  window.location.assign(DISCORD_LOGIN_PATH);
}

/** The stored redirect path, left in place: what the visitor asked for before being sent to sign in. */
export function peekRedirect(): string | null {
  return sessionStorage.getItem(REDIRECT_KEY);
}
