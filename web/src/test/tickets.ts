import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Ticket, TicketMessage, TicketStats } from '../api/types';

export function ticketMessage(overrides: Partial<TicketMessage> = {}): TicketMessage {
  return {
    senderType: 'user',
    senderName: 'jugador',
    senderAvatar: '',
    senderId: '1400000000000000014',
    content: 'No puedo entrar al servidor.',
    attachments: [],
    createdAt: '2025-03-03T18:00:00Z',
    ...overrides,
  };
}

export function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    ticketId: '7',
    title: 'No puedo entrar',
    category: 'Soporte Tecnico',
    status: 'open',
    priority: 'Medium',
    assignedTo: null,
    author: { staffId: '1400000000000000014', staffUsername: 'jugador' },
    rating: null,
    createdAt: '2025-03-03T18:00:00Z',
    updatedAt: '2025-03-03T18:05:00Z',
    messages: [ticketMessage()],
    canClose: false,
    canRate: false,
    canManage: false,
    canAddNote: false,
    unread: false,
    ...overrides,
  };
}

export function ticketStats(overrides: Partial<TicketStats> = {}): TicketStats {
  return {
    byStatus: { open: 3, in_progress: 2, waiting_user: 1, waiting_staff: 1, resolved: 4, closed: 5 },
    total: 16,
    resolutionTime: { average: 2.5 },
    satisfaction: { average: 4.25, count: 8 },
    ...overrides,
  };
}

/** Bytes that start like a PNG file. */
export function pngFile(name = 'captura.png', size?: number): File {
  const head = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
  const bytes = new Uint8Array(size ?? head.length);
  bytes.set(head.slice(0, bytes.length));
  return new File([bytes], name, { type: 'image/png' });
}

/**
 * The open dialog with this title. Under test, antd's ids are all 'test-id', so a dialog's
 * accessible name is unreliable once other antd parts with ids are on the page.
 */
export async function findDialogTitled(title: string, timeout = 5000): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(
    () => {
      found = screen.getAllByRole('dialog').find((dialog) => dialog.querySelector('.ant-modal-title')?.textContent === title);
      expect(found).toBeDefined();
    },
    { timeout },
  );
  return found as HTMLElement;
}
