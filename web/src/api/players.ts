import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';
import type { PlayerProfile } from './types';

export const PLAYER_PROFILE_ERROR = 'Error al cargar el perfil';

export const playerKeys = {
  all: ['players'] as const,
  me: ['players', 'me'] as const,
};

/** The signed-in player's profile: Discord identity, Roblox link, document, open tickets and charges. */
export function usePlayerProfile() {
  return useQuery({
    queryKey: playerKeys.me,
    queryFn: () => apiFetch<PlayerProfile>('/api/players/me', { errorMessage: PLAYER_PROFILE_ERROR }),
    staleTime: 0,
  });
}
