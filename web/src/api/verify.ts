import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unlessJustAnswered } from './queryClient';
import { apiFetch } from './client';
import { documentKeys } from './documents';
import { playerKeys } from './players';
import type { VerificationStatus } from './types';

export const VERIFY_STATUS_ERROR = 'Error al comprobar la verificación';
export const VERIFY_INITIATE_ERROR = 'Error al iniciar la verificación';
export const VERIFY_UNLINK_ERROR = 'Error al desvincular la cuenta de Roblox';

export const verifyKeys = {
  status: ['verify', 'status'] as const,
};

export const verificationStatusQuery = () =>
  queryOptions({
    queryKey: verifyKeys.status,
    queryFn: () => apiFetch<VerificationStatus>('/api/verify/status', { errorMessage: VERIFY_STATUS_ERROR }),
    staleTime: 0,
    refetchOnMount: unlessJustAnswered,
  });

export function useVerificationStatus(enabled: boolean) {
  return useQuery({ ...verificationStatusQuery(), enabled });
}

/** Starts a verification; answers Roblox's consent URL. */
export function useInitiateVerification() {
  return useMutation({
    mutationFn: async () =>
      (await apiFetch<{ url: string }>('/api/verify/initiate', { method: 'POST', errorMessage: VERIFY_INITIATE_ERROR })).url,
  });
}

/**
 * Unlinks the signed-in member's Roblox account. Their record stays theirs; their
 * document's Roblox name may stop showing as verified, so documents and the profile are
 * read again whatever the answer.
 */
export function useUnlinkRoblox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiFetch<{ message: string; status: VerificationStatus }>('/api/verify/link', { method: 'DELETE', errorMessage: VERIFY_UNLINK_ERROR })).status,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: verifyKeys.status }),
        queryClient.invalidateQueries({ queryKey: playerKeys.all }),
        queryClient.invalidateQueries({ queryKey: documentKeys.all }),
      ]),
  });
}
