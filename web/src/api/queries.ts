import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';
import type { PortalConfig, Profile } from './types';
import { setCommunityZone } from '../components/dates';

export const queryKeys = {
  config: ['config'] as const,
  profile: (token: string) => ['auth', 'profile', token] as const,
  /** Every stored profile, whatever its token. */
  profiles: ['auth', 'profile'] as const,
};

export async function fetchConfig(): Promise<PortalConfig> {
  const config = await apiFetch<PortalConfig>('/api/config', {
    token: null,
    errorMessage: 'Error al cargar la configuración',
  });
  setCommunityZone(config.timeZone);
  return config;
}

export function fetchProfile(token: string): Promise<Profile> {
  return apiFetch<Profile>('/api/auth/profile', {
    token,
    handleUnauthorized: false,
    errorMessage: 'Failed to fetch user profile',
  });
}

/** The portal's public configuration: community name, role ids, groups, servers, shop. */
export function useConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: fetchConfig,
    staleTime: Infinity,
  });
}

export const PRODUCT_NAME = 'Zócalo';

/** The community's name from the configuration, or the product's name until it loads. */
export function useCommunityName(): string {
  return useConfig().data?.communityName ?? PRODUCT_NAME;
}

/** What the privacy notice shows of the configuration: the responsible party and the terms of members' requests. */
export type PrivacyConfig = NonNullable<PortalConfig['privacy']>;

/**
 * The privacy part of the configuration, or undefined until it loads (and in the prerender,
 * whose configuration has none: its values render in the browser).
 */
export function usePrivacyConfig(): PrivacyConfig | undefined {
  return useConfig().data?.privacy;
}
