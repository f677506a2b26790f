import { useState } from 'react';
import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';

/**
 * Whether two submissions carry the same data: plain objects and arrays by content (a field
 * left undefined counts as absent, as in JSON), anything else, such as a File, by identity.
 */
export function sameSubmission(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameSubmission(item, b[i]));
  }
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const fields = (record: Record<string, unknown>) => Object.keys(record).filter((field) => record[field] !== undefined);
  const leftFields = fields(left);
  return leftFields.length === fields(right).length && leftFields.every((field) => sameSubmission(left[field], right[field]));
}

/** One deliberate submission of a form: the key its every attempt sends, and its answer once one attempt succeeded. */
interface Submission<TVariables, TData> {
  key: string;
  variables: TVariables;
  attempts: Set<Promise<TData>>;
  created?: { data: TData };
}

export type CreateFn<TVariables, TData> = (variables: TVariables, idempotencyKey: string) => Promise<TData>;

/**
 * The Idempotency-Keys of one create form. Sending the same data again before an attempt
 * succeeded (a double click, a second Enter, a retry after a network error) is the same
 * submission and reuses its key, so the server creates once; a success, or different data,
 * starts a new submission with a new key.
 */
export class SubmissionKeys<TVariables, TData> {
  #current: Submission<TVariables, TData> | null = null;

  async send(variables: TVariables, create: CreateFn<TVariables, TData>): Promise<TData> {
    const current = this.#current;
    const submission: Submission<TVariables, TData> =
      current && sameSubmission(current.variables, variables) ? current : { key: crypto.randomUUID(), variables, attempts: new Set() };
    this.#current = submission;
    const attempt = create(variables, submission.key);
    submission.attempts.add(attempt);
    try {
      const data = await attempt;
      submission.created ??= { data };
      if (this.#current === submission) this.#current = null;
      return data;
    } catch (err) {
      // A repeat of a submission that another attempt created may be refused (an answer that
      // is shown only once, one still being written): that attempt's answer is this one's.
      await Promise.allSettled([...submission.attempts].filter((other) => other !== attempt));
      if (submission.created) return submission.created.data;
      throw err;
    } finally {
      submission.attempts.delete(attempt);
    }
  }
}

export type CreateMutationOptions<TData, TVariables, TOnMutateResult = unknown> = Omit<
  UseMutationOptions<TData, Error, TVariables, TOnMutateResult>,
  'mutationFn'
> & {
  /** Sends the create with the submission's key (apiFetch's `idempotencyKey`). */
  mutationFn: CreateFn<TVariables, TData>;
};

/**
 * A mutation that creates something: every attempt of one submission carries the same
 * Idempotency-Key, so that however often it reaches the server, it creates once.
 */
export function useCreateMutation<TData, TVariables, TOnMutateResult = unknown>({
  mutationFn,
  ...options
}: CreateMutationOptions<TData, TVariables, TOnMutateResult>): UseMutationResult<TData, Error, TVariables, TOnMutateResult> {
  const [keys] = useState(() => new SubmissionKeys<TVariables, TData>());
  return useMutation({ ...options, mutationFn: (variables: TVariables) => keys.send(variables, mutationFn) });
}
