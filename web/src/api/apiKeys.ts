import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client';
import { useCreateMutation } from './idempotency';
import type { ApiKey, ApiKeyCreated, MessageBody } from './types';

export const API_KEYS_LOAD_ERROR = 'Error al cargar las claves de API';
export const API_KEY_CREATE_ERROR = 'Error al crear la clave de API';
export const API_KEY_REVOKE_ERROR = 'Error al revocar la clave de API';

export const apiKeyKeys = {
  all: ['api-keys'] as const,
};

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: () => apiFetch<ApiKey[]>('/api/admin/api-keys', { errorMessage: API_KEYS_LOAD_ERROR }),
    staleTime: 0,
  });
}

/** Issues a key; the answer holds the whole key, which the server never shows again. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useCreateMutation({
    mutationFn: (name: string, idempotencyKey) =>
      apiFetch<ApiKeyCreated>('/api/admin/api-keys', { method: 'POST', body: { name: name.trim() }, idempotencyKey, errorMessage: API_KEY_CREATE_ERROR }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<MessageBody>(`/api/admin/api-keys/${id}`, { method: 'DELETE', errorMessage: API_KEY_REVOKE_ERROR }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
