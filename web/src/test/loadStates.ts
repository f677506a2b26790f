import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { RETRY_TEXT } from '../components/QueryState';

/**
 * A server that fails until repaired: `answer(handler)` answers 500 with the message until
 * `repair()` is called, then whatever `handler` answers.
 */
export function failUntilRepaired(message: string) {
  let broken = true;
  return {
    repair: () => {
      broken = false;
    },
    answer:
      (handler: () => Response) =>
      (): Response =>
        broken ? new Response(JSON.stringify({ message }), { status: 500, headers: { 'Content-Type': 'application/json' } }) : handler(),
  };
}

/** Waits for the page's one error alert with the message and a "Reintentar" button, and returns the alert. */
export async function findOneRetryableError(message: string): Promise<HTMLElement> {
  const retry = await screen.findByRole('button', { name: RETRY_TEXT });
  const alerts = screen.getAllByRole('alert');
  expect(alerts).toHaveLength(1);
  const alert = alerts[0] as HTMLElement;
  expect(alert).toContainElement(retry);
  expect(within(alert).getByText(message)).toBeInTheDocument();
  expect(screen.getAllByText(message)).toHaveLength(1);
  return alert;
}

/** Clicks the page's "Reintentar". */
export async function retry(): Promise<void> {
  await userEvent.click(screen.getByRole('button', { name: RETRY_TEXT }));
}
