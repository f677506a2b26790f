import { describe, expect, it } from 'vitest';
import { canJoin, serverStatusBadge } from './serverStatus';

describe('serverStatusBadge', () => {
  it.each([
    ['online', 'Online', 'success'],
    ['maintenance', 'Mantenimiento', 'warning'],
    ['offline', 'Offline', 'error'],
    ['desconocido', 'Offline', 'error'],
  ])('shows %s as %s (%s)', (status, text, badge) => {
    expect(serverStatusBadge(status)).toEqual({ text, status: badge });
  });
});

describe('canJoin', () => {
  it('lets players join an online server only', () => {
    expect(canJoin({ status: 'online', joinUrl: 'https://roblox.example' })).toBe(true);
    expect(canJoin({ status: 'maintenance', joinUrl: 'https://roblox.example' })).toBe(false);
    expect(canJoin({ status: 'offline', joinUrl: 'https://roblox.example' })).toBe(false);
  });
});
