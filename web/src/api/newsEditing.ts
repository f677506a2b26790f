// Editing the news, for its managers: apart from the reading in news.ts, so that the landing,
// which only reads them, does not download react-query's mutation code.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client';
import { useCreateMutation } from './idempotency';
import { newsKeys } from './news';
import type { MessageBody, NewsCard, NewsInput } from './types';

export const NEWS_CREATE_ERROR = 'Error al crear la noticia';
export const NEWS_UPDATE_ERROR = 'Error al actualizar la noticia';
export const NEWS_DELETE_ERROR = 'Error al eliminar la noticia';

export interface SaveNewsVariables {
  id?: string;
  input: NewsInput;
}

/** Creates a card (with a key, as every create) or, given its id, saves the changes to it. */
export function useSaveNews() {
  const queryClient = useQueryClient();
  return useCreateMutation({
    mutationFn: ({ id, input }: SaveNewsVariables, idempotencyKey) =>
      id === undefined
        ? apiFetch<NewsCard>('/api/news/news-cards', { method: 'POST', body: input, idempotencyKey, errorMessage: NEWS_CREATE_ERROR })
        : apiFetch<NewsCard>(`/api/news/news-cards/${encodeURIComponent(id)}`, {
            method: 'PUT',
            body: input,
            errorMessage: NEWS_UPDATE_ERROR,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}

export function useDeleteNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<MessageBody>(`/api/news/news-cards/${encodeURIComponent(id)}`, { method: 'DELETE', errorMessage: NEWS_DELETE_ERROR }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}
