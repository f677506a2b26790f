import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unlessJustAnswered } from './queryClient';
import { ApiError, apiFetch } from './client';
import { useCreateMutation } from './idempotency';
import { playerKeys } from './players';
import type { DocumentCreated, DocumentKind, DocumentStatus, IdentityDocument, INEInput, PassportInput } from './types';

export const INE_CREATE_ERROR = 'Error al crear la Identificación Nacional';
export const PASSPORT_CREATE_ERROR = 'Error al crear el Pasaporte Internacional';
export const DOCUMENTS_LOAD_ERROR = 'Error al cargar tus documentos';
export const ROBLOX_NAME_CORRECT_ERROR = 'Error al corregir el nombre de Roblox';

export const documentKeys = {
  all: ['documents'] as const,
  status: ['documents', 'status'] as const,
  mine: ['documents', 'mine'] as const,
};

export const documentStatusQuery = () =>
  queryOptions({
    queryKey: documentKeys.status,
    queryFn: () => apiFetch<DocumentStatus>('/api/documents/status', { errorMessage: DOCUMENTS_LOAD_ERROR }),
    staleTime: 0,
    refetchOnMount: unlessJustAnswered,
  });

export function useDocumentStatus() {
  return useQuery(documentStatusQuery());
}

export const myDocumentQuery = () =>
  queryOptions({
    queryKey: documentKeys.mine,
    queryFn: async () => (await apiFetch<{ document: IdentityDocument | null }>('/api/documents/mine', { errorMessage: DOCUMENTS_LOAD_ERROR })).document,
    staleTime: 0,
    refetchOnMount: unlessJustAnswered,
  });

export function useMyDocument() {
  return useQuery(myDocumentQuery());
}

export type DocumentRequest = { kind: 'INE'; input: INEInput } | { kind: 'PASAPORTE'; input: PassportInput };

const CREATE_ERRORS: Record<DocumentKind, string> = { INE: INE_CREATE_ERROR, PASAPORTE: PASSPORT_CREATE_ERROR };
const CREATE_PATHS: Record<DocumentKind, string> = { INE: '/api/documents/ine', PASAPORTE: '/api/documents/pasaporte' };

/** Issues a document. The server's message is shown when it refuses; a network failure names the document. */
export function useCreateDocument() {
  const queryClient = useQueryClient();
  return useCreateMutation({
    mutationFn: async ({ kind, input }: DocumentRequest, idempotencyKey) => {
      const errorMessage = CREATE_ERRORS[kind];
      try {
        return await apiFetch<DocumentCreated>(CREATE_PATHS[kind], { method: 'POST', body: input, idempotencyKey, errorMessage });
      } catch (err) {
        if (err instanceof ApiError && err.isNetworkError) throw new ApiError(errorMessage, 0);
        throw err;
      }
    },
    // A refusal (409) may mean the status shown is stale: it is read again either way.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.all }),
        queryClient.invalidateQueries({ queryKey: playerKeys.all }),
      ]),
  });
}

/**
 * Corrects the Roblox name on the signed-in player's document. The server refuses (409) a
 * name someone else verified; documents and the profile are read again whatever the answer.
 */
export function useCorrectRobloxName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (robloxName: string) =>
      apiFetch<DocumentCreated>('/api/documents/mine/roblox', {
        method: 'PUT',
        body: { RobloxName: robloxName.trim() },
        errorMessage: ROBLOX_NAME_CORRECT_ERROR,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.all }),
        queryClient.invalidateQueries({ queryKey: playerKeys.all }),
      ]),
  });
}
