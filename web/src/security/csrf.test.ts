import { beforeEach, describe, expect, it } from 'vitest';
import { CSRF_KEY, ensureCsrfToken, generateCsrfToken } from './csrf';

describe('CSRF token', () => {
  beforeEach(() => localStorage.clear());

  it('is 32 hexadecimal characters', () => {
    expect(generateCsrfToken()).toMatch(/^[0-9a-f]{32}$/);
    expect(generateCsrfToken()).not.toBe(generateCsrfToken());
  });

  it('is created when missing and kept afterwards', () => {
    const first = ensureCsrfToken();
    expect(localStorage.getItem(CSRF_KEY)).toBe(first);
    expect(ensureCsrfToken()).toBe(first);
  });

  it('replaces a malformed stored value', () => {
    localStorage.setItem(CSRF_KEY, 'nope');
    expect(ensureCsrfToken()).toMatch(/^[0-9a-f]{32}$/);
  });
});
