import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchFile } from './client';
import { useCreateMutation } from './idempotency';
import { playerKeys } from './players';
import type { ChargeAdded, ChargeCorrected, CriminalRecord, MessageBody } from './types';

export const RECORDS_SEARCH_ERROR = 'Error al buscar el expediente';
export const RECORDS_PDF_ERROR = 'Error al descargar el PDF';
export const CHARGE_ADD_ERROR = 'Error al agregar el cargo';
export const CHARGE_VOID_ERROR = 'Error al anular el cargo';
export const CHARGE_EXPUNGE_ERROR = 'Error al eliminar el cargo';
/** The server's bound on a correction's reason (records.MaxReason). */
export const CORRECTION_REASON_MAX = 500;
export const NO_RECORDS_TEXT = 'No se encontraron expedientes.';
export const NO_CHARGES_TEXT = 'No se encontraron registros criminales.';
export const NO_TOKEN_MESSAGE = 'No se encontró el token de autenticación.';

/** Whom a search or a new charge names: a Discord id, a Roblox username, or both. */
export interface RecordQuery {
  discordId?: string;
  robloxUsername?: string;
}

/** The query with its values trimmed and the empty ones left out, as the server is sent it. */
export function cleanRecordQuery(query: RecordQuery): RecordQuery {
  const clean: RecordQuery = {};
  const discordId = query.discordId?.trim();
  const robloxUsername = query.robloxUsername?.trim();
  if (discordId) clean.discordId = discordId;
  if (robloxUsername) clean.robloxUsername = robloxUsername;
  return clean;
}

export function isEmptyRecordQuery(query: RecordQuery): boolean {
  const clean = cleanRecordQuery(query);
  return clean.discordId === undefined && clean.robloxUsername === undefined;
}

/** The query string of a search: only the non-empty fields. */
export function recordSearchParams(query: RecordQuery): string {
  const clean = cleanRecordQuery(query);
  const params = new URLSearchParams();
  if (clean.discordId) params.set('discordId', clean.discordId);
  if (clean.robloxUsername) params.set('robloxUsername', clean.robloxUsername);
  return params.toString();
}

export const recordKeys = {
  all: ['records'] as const,
  search: (query: RecordQuery) => ['records', 'search', cleanRecordQuery(query)] as const,
};

/** The record the query names: null when nobody matches, else the first (and only) record. */
export function useRecordSearch(query: RecordQuery | null) {
  return useQuery({
    queryKey: recordKeys.search(query ?? {}),
    queryFn: async () => {
      const list = await apiFetch<CriminalRecord[]>(`/api/records/search?${recordSearchParams(query ?? {})}`, { errorMessage: RECORDS_SEARCH_ERROR });
      return list[0] ?? null;
    },
    enabled: query !== null && !isEmptyRecordQuery(query),
    staleTime: 0,
  });
}

/** The record as a PDF, with the name the server suggests. */
export async function fetchRecordPdf(query: RecordQuery): Promise<{ blob: Blob; filename: string }> {
  const { blob, filename } = await apiFetchFile(`/api/records/pdf?${recordSearchParams(query)}`, { errorMessage: RECORDS_PDF_ERROR });
  const clean = cleanRecordQuery(query);
  return { blob, filename: filename ?? `expediente-${clean.robloxUsername ?? clean.discordId ?? 'registro'}.pdf` };
}

export interface NewCharge extends RecordQuery {
  description: string;
}

/** Files a charge (moderators and the ADMIN group); the answer is the person's updated record. */
export function useAddCharge() {
  const queryClient = useQueryClient();
  return useCreateMutation({
    mutationFn: ({ description, ...target }: NewCharge, idempotencyKey) =>
      apiFetch<ChargeAdded>('/api/records/charges', {
        method: 'POST',
        body: { ...cleanRecordQuery(target), description: description.trim() },
        idempotencyKey,
        errorMessage: CHARGE_ADD_ERROR,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recordKeys.all }),
        queryClient.invalidateQueries({ queryKey: playerKeys.all }),
      ]),
  });
}

/** A correction of one charge: which, and why (kept on the record or in the audit log). */
export interface ChargeCorrection {
  id: number;
  reason: string;
}

/** Reads every record and profile again after a correction, whatever its answer. */
function useRefreshRecords() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: recordKeys.all }), queryClient.invalidateQueries({ queryKey: playerKeys.all })]);
}

/** Voids (anula) a charge with a reason: it stays on the record, marked. */
export function useVoidCharge() {
  const refresh = useRefreshRecords();
  return useMutation({
    mutationFn: ({ id, reason }: ChargeCorrection) =>
      apiFetch<ChargeCorrected>(`/api/records/charges/${id}/void`, { method: 'POST', body: { reason: reason.trim() }, errorMessage: CHARGE_VOID_ERROR }),
    onSettled: refresh,
  });
}

/** Expunges a charge (COMITE): it leaves the record; the reason goes to the audit log. */
export function useExpungeCharge() {
  const refresh = useRefreshRecords();
  return useMutation({
    mutationFn: ({ id, reason }: ChargeCorrection) =>
      apiFetch<MessageBody>(`/api/records/charges/${id}/expunge`, { method: 'POST', body: { reason: reason.trim() }, errorMessage: CHARGE_EXPUNGE_ERROR }),
    onSettled: refresh,
  });
}
