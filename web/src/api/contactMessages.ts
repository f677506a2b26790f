import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';
import type { components } from './schema';
import type { GetResponse } from './types';

export type ContactMessage = components['schemas']['ContactMessage'];
export type ContactMessagePage = GetResponse<'/api/admin/contact-messages'>;

export const CONTACT_MESSAGES_LOAD_ERROR = 'Error al cargar los mensajes de contacto';

export interface ContactMessageQuery {
  q: string;
  page: number;
  limit: number;
}

export const contactMessageKeys = {
  all: ['contact-messages'] as const,
  page: (query: ContactMessageQuery) => ['contact-messages', query] as const,
};

/** One page of the contact messages, newest first, searched when q is set. */
export function useContactMessages(query: ContactMessageQuery) {
  return useQuery({
    queryKey: contactMessageKeys.page(query),
    queryFn: () => {
      const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
      const q = query.q.trim();
      if (q) params.set('q', q);
      return apiFetch<ContactMessagePage>(`/api/admin/contact-messages?${params.toString()}`, { errorMessage: CONTACT_MESSAGES_LOAD_ERROR });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
