import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchBlob } from './client';
import { useCreateMutation } from './idempotency';
import type { Business, BusinessEdit, BusinessInput, BusinessStatus } from './types';

export const BUSINESSES_LOAD_ERROR = 'Error al cargar los negocios';
export const BUSINESS_REGISTER_ERROR = 'Error al registrar el negocio';
export const BUSINESS_UPDATE_ERROR = 'Error al actualizar el negocio';
export const BUSINESS_STATUS_ERROR = 'Error al cambiar el estado del negocio';
export const BUSINESS_DOCUMENT_ERROR = 'Error al descargar el documento';

export const satKeys = {
  businesses: ['sat', 'businesses'] as const,
};

export function useBusinesses() {
  return useQuery({
    queryKey: satKeys.businesses,
    queryFn: () => apiFetch<Business[]>('/api/sat/businesses', { errorMessage: BUSINESSES_LOAD_ERROR }),
    staleTime: 0,
  });
}

export interface NewBusiness extends BusinessInput {
  documents: File[];
  logo: File | null;
}

/** The registration form as multipart: the six fields, the documents and the optional logo. */
export function businessForm({ documents, logo, ...fields }: NewBusiness): FormData {
  const form = new FormData();
  form.set('name', fields.name);
  form.set('location', fields.location);
  form.set('server', fields.server);
  form.set('rfc', fields.rfc);
  form.set('ownerName', fields.ownerName);
  form.set('ownerDiscordId', fields.ownerDiscordId);
  for (const file of documents) form.append('documents', file, file.name);
  if (logo) form.set('logo', logo, logo.name);
  return form;
}

export function useRegisterBusiness() {
  const queryClient = useQueryClient();
  return useCreateMutation({
    mutationFn: (business: NewBusiness, idempotencyKey) =>
      apiFetch<Business>('/api/sat/businesses', { method: 'POST', body: businessForm(business), idempotencyKey, errorMessage: BUSINESS_REGISTER_ERROR }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: satKeys.businesses }),
  });
}

export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: BusinessEdit }) =>
      apiFetch<Business>(`/api/sat/businesses/${id}`, { method: 'PUT', body: input, errorMessage: BUSINESS_UPDATE_ERROR }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: satKeys.businesses }),
  });
}

export function useSetBusinessStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: BusinessStatus }) =>
      apiFetch<Business>(`/api/sat/businesses/${id}/status`, { method: 'PUT', body: { status }, errorMessage: BUSINESS_STATUS_ERROR }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: satKeys.businesses }),
  });
}

/** A filed document, downloaded with the user's token. */
export function fetchBusinessDocument(url: string): Promise<Blob> {
  return apiFetchBlob(url, { errorMessage: BUSINESS_DOCUMENT_ERROR });
}
