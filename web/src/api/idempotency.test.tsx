import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/fixtures';
import { testQueryClient } from '../test/render';
import { ApiError, IDEMPOTENCY_HEADER, NETWORK_ERROR_MESSAGE } from './client';
import { SubmissionKeys, sameSubmission, useCreateMutation } from './idempotency';
import { useCreateTicket, type NewTicket } from './tickets';
import { useRegisterSale } from './treasury';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A create whose every call waits until the test answers it; it records the key each call sent. */
function pendingCreates<T>() {
  const calls: { key: string; answer: Deferred<T> }[] = [];
  const create = vi.fn((_variables: unknown, key: string) => {
    const answer = deferred<T>();
    calls.push({ key, answer });
    return answer.promise;
  });
  return { calls, create };
}

describe('sameSubmission', () => {
  it('compares plain data by content and files by identity', () => {
    const file = new File(['a'], 'captura.png', { type: 'image/png' });
    const copy = new File(['a'], 'captura.png', { type: 'image/png' });
    expect(sameSubmission({ title: 'A', files: [file] }, { title: 'A', files: [file] })).toBe(true);
    expect(sameSubmission({ title: 'A', files: [file] }, { title: 'A', files: [copy] })).toBe(false);
    expect(sameSubmission({ title: 'A', extra: undefined }, { title: 'A' })).toBe(true);
    expect(sameSubmission({ title: 'A' }, { title: 'B' })).toBe(false);
    expect(sameSubmission({ input: { n: 1 } }, { input: { n: 2 } })).toBe(false);
    expect(sameSubmission([1, 2], [1, 2, 3])).toBe(false);
    expect(sameSubmission('Servidor', 'Servidor')).toBe(true);
    expect(sameSubmission([], {})).toBe(false);
  });
});

describe('SubmissionKeys', () => {
  it('keeps one key for the same data until an attempt succeeds, then starts a new one', async () => {
    const keys = new SubmissionKeys<{ title: string }, string>();
    const { calls, create } = pendingCreates<string>();
    const first = keys.send({ title: 'A' }, create);
    const second = keys.send({ title: 'A' }, create);
    expect(calls[1]?.key).toBe(calls[0]?.key);

    calls[0]?.answer.resolve('creado');
    calls[1]?.answer.resolve('creado');
    await expect(Promise.all([first, second])).resolves.toEqual(['creado', 'creado']);

    const again = keys.send({ title: 'A' }, create);
    expect(calls[2]?.key).not.toBe(calls[0]?.key);
    calls[2]?.answer.resolve('otro');
    await again;
  });

  it('reuses the key after a failure, and renews it when the data changes', async () => {
    const keys = new SubmissionKeys<{ title: string }, string>();
    const { calls, create } = pendingCreates<string>();
    const failed = keys.send({ title: 'A' }, create);
    calls[0]?.answer.reject(new ApiError(NETWORK_ERROR_MESSAGE, 0));
    await expect(failed).rejects.toThrow(NETWORK_ERROR_MESSAGE);

    const retry = keys.send({ title: 'A' }, create);
    expect(calls[1]?.key).toBe(calls[0]?.key);
    calls[1]?.answer.reject(new ApiError('El título es obligatorio', 400));
    await expect(retry).rejects.toThrow('El título es obligatorio');

    const changed = keys.send({ title: 'B' }, create);
    expect(calls[2]?.key).not.toBe(calls[0]?.key);
    calls[2]?.answer.resolve('creado');
    await expect(changed).resolves.toBe('creado');
  });

  it("answers a refused repeat with the answer of the attempt that created", async () => {
    const keys = new SubmissionKeys<string, { key: string }>();
    const { calls, create } = pendingCreates<{ key: string }>();
    const first = keys.send('Servidor', create);
    const repeat = keys.send('Servidor', create);
    // The server shows a secret once: the repeat is refused, after the first was answered.
    calls[1]?.answer.reject(new ApiError('Esta solicitud ya se procesó', 409));
    calls[0]?.answer.resolve({ key: 'zk_secreto' });
    await expect(first).resolves.toEqual({ key: 'zk_secreto' });
    await expect(repeat).resolves.toEqual({ key: 'zk_secreto' });
  });
});

describe('useCreateMutation', () => {
  it('sends a network-error retry with the same key, and the next submission with a new one', async () => {
    const { calls, create } = pendingCreates<string>();
    const { result } = renderHook(() => useCreateMutation({ mutationFn: create }), { wrapper });

    act(() => result.current.mutate({ title: 'A' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0]?.answer.reject(new ApiError(NETWORK_ERROR_MESSAGE, 0)));
    await waitFor(() => expect(result.current.isError).toBe(true));

    act(() => result.current.mutate({ title: 'A' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.key).toBe(calls[0]?.key);
    act(() => calls[1]?.answer.resolve('creado'));
    await waitFor(() => expect(result.current.data).toBe('creado'));

    act(() => result.current.mutate({ title: 'A' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.key).not.toBe(calls[0]?.key);
  });
});

/** Stubs fetch: every call waits for the test to answer it; answers the keys the calls sent. */
function stubPendingFetch() {
  const answers: Deferred<Response>[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(() => {
    const answer = deferred<Response>();
    answers.push(answer);
    return answer.promise;
  });
  vi.stubGlobal('fetch', fetch);
  const keys = () => fetch.mock.calls.map(([, init]) => new Headers(init?.headers).get(IDEMPOTENCY_HEADER));
  return { answers, fetch, keys };
}

describe('create mutations send one key per submission', () => {
  it('two quick submits of a ticket send the same key; the next ticket a new one', async () => {
    const { answers, fetch, keys } = stubPendingFetch();
    const { result } = renderHook(() => useCreateTicket(), { wrapper });
    const ticket: NewTicket = { title: 'No puedo entrar', category: 'Soporte Tecnico', message: 'Me saca', attachments: [] };

    act(() => result.current.mutate(ticket));
    act(() => result.current.mutate({ ...ticket }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const [first, second] = keys();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);

    const created = { ticket: { ticketId: '7', title: ticket.title } };
    act(() => answers.forEach((answer) => answer.resolve(jsonResponse(created, 201))));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    act(() => result.current.mutate(ticket));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    expect(keys()[2]).not.toBe(first);
  });

  it('two quick submits of a sale send the same key; a changed sale a new one', async () => {
    const { fetch, keys } = stubPendingFetch();
    const { result } = renderHook(() => useRegisterSale(), { wrapper });
    const sale = { buyerDiscordId: '1400000000000000014', item: 'VIP', discount: 0 };

    act(() => result.current.mutate(sale));
    act(() => result.current.mutate({ ...sale }));
    act(() => result.current.mutate({ ...sale, discount: 10 }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    const [first, second, changed] = keys();
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    expect(changed).toBeTruthy();
    expect(changed).not.toBe(first);
  });
});
