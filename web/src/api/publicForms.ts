import { apiFetch } from './client';
import type { ArtistApplicationInput, ContactInput, MessageBody } from './types';

export const CONTACT_ERROR = 'Error al enviar el mensaje';
export const CONTACT_SUCCESS = '¡Mensaje enviado exitosamente! Te contactaremos pronto.';
export const ARTIST_ERROR = 'Error al enviar la aplicación';
export const ARTIST_SUCCESS = 'Tu aplicación ha sido enviada exitosamente. Te contactaremos pronto.';

export function sendContactMessage(input: ContactInput, idempotencyKey: string): Promise<MessageBody> {
  return apiFetch<MessageBody>('/api/contact', { method: 'POST', body: input, token: null, idempotencyKey, errorMessage: CONTACT_ERROR });
}

export function submitArtistApplication(input: ArtistApplicationInput, idempotencyKey: string): Promise<MessageBody> {
  return apiFetch<MessageBody>('/api/artists/submit', { method: 'POST', body: input, token: null, idempotencyKey, errorMessage: ARTIST_ERROR });
}
