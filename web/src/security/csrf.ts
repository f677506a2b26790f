export const CSRF_KEY = 'csrfToken';

/** 32 hexadecimal characters from 16 random bytes. */
export function generateCsrfToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Returns the stored token, creating and storing one when missing or malformed. */
export function ensureCsrfToken(): string {
  const stored = localStorage.getItem(CSRF_KEY);
  if (stored && /^[0-9a-f]{32}$/.test(stored)) return stored;
  const token = generateCsrfToken();
  localStorage.setItem(CSRF_KEY, token);
  return token;
}
