import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';
import type { VerificationStatus } from './types';

export const VERIFY_STATUS_ERROR = 'Error checking verification status';
export const VERIFY_INITIATE_ERROR = 'Error initiating verification';

export const verifyKeys = {
  status: ['verify', 'status'] as const,
};

export function useVerificationStatus(enabled: boolean) {
  return useQuery({
    queryKey: verifyKeys.status,
    queryFn: () => apiFetch<VerificationStatus>('/api/verify/status', { errorMessage: VERIFY_STATUS_ERROR }),
    enabled,
    staleTime: 0,
  });
}

/** Starts a verification; answers Roblox's consent URL. */
export function useInitiateVerification() {
  return useMutation({
    mutationFn: async () =>
      (await apiFetch<{ url: string }>('/api/verify/initiate', { method: 'POST', errorMessage: VERIFY_INITIATE_ERROR })).url,
  });
}
