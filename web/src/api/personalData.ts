import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchFile, saveFile } from './client';
import type { components } from './schema';
import type { GetResponse } from './types';

export const MY_DATA_EXPORT_ERROR = 'No se pudieron descargar tus datos. Inténtalo de nuevo.';

export type MyDataFormat = 'json' | 'pdf';

const EXPORTS: Record<MyDataFormat, { path: string; filename: string }> = {
  json: { path: '/api/me/export', filename: 'mis-datos.json' },
  pdf: { path: '/api/me/export/pdf', filename: 'mis-datos.pdf' },
};

/** Downloads everything the portal holds about the signed-in member, as JSON (GET /api/me/export) or as a PDF to read. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async (format: MyDataFormat) => {
      const { path, filename } = EXPORTS[format];
      const file = await apiFetchFile(path, { errorMessage: MY_DATA_EXPORT_ERROR });
      saveFile(file.blob, file.filename ?? filename);
    },
  });
}

export type PrivacyChoices = components['schemas']['PrivacyChoices'];
export type PrivacyChoicesInput = components['schemas']['PrivacyChoicesInput'];
export type DataRequest = components['schemas']['DataRequest'];
export type DataRequestInput = components['schemas']['DataRequestInput'];
export type DataRequestKind = DataRequest['kind'];
export type DataRequestState = DataRequest['state'];
export type HandledDataRequest = components['schemas']['HandledDataRequest'];
export type HandledDataRequestPage = GetResponse<'/api/admin/data-requests'>;
export type DataRequestDecision = components['schemas']['DataRequestDecision'];

export const PRIVACY_LOAD_ERROR = 'No se pudieron cargar tus opciones de privacidad.';
export const PRIVACY_SAVE_ERROR = 'No se pudo guardar tu elección. Inténtalo de nuevo.';
export const MY_DATA_REQUESTS_LOAD_ERROR = 'No se pudieron cargar tus solicitudes.';
export const FILE_DATA_REQUEST_ERROR = 'No se pudo presentar la solicitud. Inténtalo de nuevo.';
export const DATA_REQUESTS_LOAD_ERROR = 'Error al cargar las solicitudes de datos personales';
export const ANSWER_DATA_REQUEST_ERROR = 'No se pudo guardar la respuesta. Inténtalo de nuevo.';

/** The server pages the handlers' list by this many (datarights.PageSize). */
export const DATA_REQUESTS_PAGE_SIZE = 50;

export const personalDataKeys = {
  privacy: ['me', 'privacy'] as const,
  mine: ['me', 'data-requests'] as const,
  handled: ['admin', 'data-requests'] as const,
  handledPage: (state: DataRequestState, page: number) => ['admin', 'data-requests', state, page] as const,
};

/** What the signed-in member decided about their data: under 18, notice read, opposed uses, blocked. */
export function usePrivacy(enabled = true) {
  return useQuery({
    queryKey: personalDataKeys.privacy,
    queryFn: () => apiFetch<PrivacyChoices>('/api/me/privacy', { errorMessage: PRIVACY_LOAD_ERROR }),
    enabled,
  });
}

/** Says the member is under 18 (or not), or that they read the short notice; the answer is the choices now. */
export function useSetPrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PrivacyChoicesInput) =>
      apiFetch<PrivacyChoices>('/api/me/privacy', { method: 'PUT', body: input, errorMessage: PRIVACY_SAVE_ERROR }),
    onSuccess: (choices) => queryClient.setQueryData(personalDataKeys.privacy, choices),
  });
}

/** The signed-in member's requests about their data, newest first. */
export function useMyDataRequests() {
  return useQuery({
    queryKey: personalDataKeys.mine,
    queryFn: async () => (await apiFetch<{ items: DataRequest[] }>('/api/me/data-requests', { errorMessage: MY_DATA_REQUESTS_LOAD_ERROR })).items,
    staleTime: 0,
  });
}

/** Files a request of rectification, cancellation, opposition or revocation; the list and the choices are read again. */
export function useFileDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DataRequestInput) =>
      apiFetch<DataRequest>('/api/me/data-requests', { method: 'POST', body: input, errorMessage: FILE_DATA_REQUEST_ERROR }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: personalDataKeys.mine });
      void queryClient.invalidateQueries({ queryKey: personalDataKeys.privacy });
    },
  });
}

/** One page (DATA_REQUESTS_PAGE_SIZE) of the members' requests in a state, for the handlers; pending ones by deadline. */
export function useHandledDataRequests(state: DataRequestState, page: number) {
  return useQuery({
    queryKey: personalDataKeys.handledPage(state, page),
    queryFn: () => {
      const params = new URLSearchParams({ state, page: String(page) });
      return apiFetch<HandledDataRequestPage>(`/api/admin/data-requests?${params.toString()}`, { errorMessage: DATA_REQUESTS_LOAD_ERROR });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Approves or refuses a pending request, once; every page of the list is read again, whatever the answer. */
export function useAnswerDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...decision }: DataRequestDecision & { id: number }) =>
      apiFetch<DataRequest>(`/api/admin/data-requests/${id}/answer`, { method: 'POST', body: decision, errorMessage: ANSWER_DATA_REQUEST_ERROR }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: personalDataKeys.handled }),
  });
}
