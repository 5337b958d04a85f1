import type { TRPCError } from '@trpc/server';

/** The error a tRPC call fails with (a caller's `TRPCError`, or the client's error for `E`); a call that succeeds fails the test. */
export async function failure<E = TRPCError>(p: Promise<unknown>): Promise<E> {
  try {
    await p;
  } catch (e) {
    return e as E;
  }
  throw new Error('expected the call to fail');
}
