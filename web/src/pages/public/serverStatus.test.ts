import { describe, expect, it } from 'vitest';
import { canJoin, serverStatusBadge } from './serverStatus';

describe('serverStatusBadge', () => {
  it.each([
    ['online', 'En línea', 'success'],
    ['maintenance', 'Mantenimiento', 'warning'],
    ['offline', 'Fuera de línea', 'error'],
    ['desconocido', 'Fuera de línea', 'error'],
  ])('shows %s as %s (%s)', (status, text, badge) => {
    expect(serverStatusBadge(status)).toEqual({ text, status: badge });
  });
});

it('names every status in Spanish, from the server’s table: no English beside Mantenimiento', () => {
  for (const status of ['online', 'maintenance', 'offline']) expect(serverStatusBadge(status).text).not.toMatch(/online|offline/i);
});

describe('canJoin', () => {
  it('lets players join an online server only', () => {
    expect(canJoin({ status: 'online', joinUrl: 'https://roblox.example' })).toBe(true);
    expect(canJoin({ status: 'maintenance', joinUrl: 'https://roblox.example' })).toBe(false);
    expect(canJoin({ status: 'offline', joinUrl: 'https://roblox.example' })).toBe(false);
  });
});
