import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client';
import type { components, paths } from './schema';
import type { GetResponse } from './types';

export type Delivery = components['schemas']['Delivery'];
export type DeliveryStatus = components['schemas']['DeliveryStatus'];
export type DeliveryPage = GetResponse<'/api/admin/deliveries'>;
export type DeliveryState = NonNullable<NonNullable<paths['/api/admin/deliveries']['get']['parameters']['query']>['state']>;
export type DeliveryActed = components['schemas']['DeliveryActed'];
export type RetriedAll = paths['/api/admin/deliveries/retry-all']['post']['responses'][200]['content']['application/json'];
export type BlockedGroup = components['schemas']['BlockedGroup'];
export type DeliveryGroupRef = components['schemas']['DeliveryGroupRef'];
export type RetriedGroup = paths['/api/admin/deliveries/retry-group']['post']['responses'][200]['content']['application/json'];

export const DELIVERIES_LOAD_ERROR = 'Error al cargar las entregas a Discord';
export const DELIVERY_RETRY_ERROR = 'No se pudo reintentar la entrega';
export const DELIVERY_DISCARD_ERROR = 'No se pudo descartar la entrega';
export const DELIVERIES_RETRY_ALL_ERROR = 'No se pudieron reintentar las entregas';
export const DELIVERY_GROUP_RETRY_ERROR = 'No se pudo reintentar el grupo de entregas';

export interface DeliveryQuery {
  state: DeliveryState;
  page: number;
  limit: number;
}

export const deliveryKeys = {
  all: ['deliveries'] as const,
  page: (query: DeliveryQuery) => ['deliveries', query] as const,
};

/**
 * One page of the deliveries in a state, oldest first; the previous page stays shown while the next loads.
 * It is read again every few seconds, so a retried delivery leaves the list once it reaches Discord.
 */
export function useDeliveries(query: DeliveryQuery) {
  return useQuery({
    queryKey: deliveryKeys.page(query),
    queryFn: () => {
      const params = new URLSearchParams({ state: query.state, page: String(query.page), limit: String(query.limit) });
      return apiFetch<DeliveryPage>(`/api/admin/deliveries?${params.toString()}`, { errorMessage: DELIVERIES_LOAD_ERROR });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: 5_000,
  });
}

/** What the operator acted on: the delivery, and the status they saw it in. */
export interface DeliveryTarget {
  id: number;
  expectedStatus: DeliveryStatus;
}

function useDeliveryAct(act: 'retry' | 'discard', errorMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, expectedStatus }: DeliveryTarget) =>
      apiFetch<DeliveryActed>(`/api/admin/deliveries/${id}/${act}`, { method: 'POST', body: { expectedStatus }, errorMessage }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
  });
}

/** Sends a blocked or failed delivery back to Discord now (a pending one is tried now). */
export function useRetryDelivery() {
  return useDeliveryAct('retry', DELIVERY_RETRY_ERROR);
}

/** Gives up on a delivery: it is never sent and no longer holds back its channel. */
export function useDiscardDelivery() {
  return useDeliveryAct('discard', DELIVERY_DISCARD_ERROR);
}

/** Sends every blocked and failed delivery back to Discord. */
export function useRetryAllDeliveries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<RetriedAll>('/api/admin/deliveries/retry-all', { method: 'POST', errorMessage: DELIVERIES_RETRY_ALL_ERROR }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
  });
}

/** Sends every blocked delivery of one group (its lane and Discord's reason) back to Discord, once the cause is fixed. */
export function useRetryDeliveryGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lane, reason }: DeliveryGroupRef) =>
      apiFetch<RetriedGroup>('/api/admin/deliveries/retry-group', {
        method: 'POST',
        body: { lane, reason },
        errorMessage: DELIVERY_GROUP_RETRY_ERROR,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
  });
}
