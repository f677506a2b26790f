import type { Profile } from '../api/types';

/** The Discord avatar image of a user, or undefined when they have none. */
export function avatarUrl(user: Pick<Profile, 'discordId' | 'avatar'>): string | undefined {
  if (!user.avatar) return undefined;
  return `https://cdn.discordapp.com/avatars/${user.discordId}/${user.avatar}.png`;
}

export function initial(username: string): string {
  return (username.trim()[0] ?? '?').toUpperCase();
}
