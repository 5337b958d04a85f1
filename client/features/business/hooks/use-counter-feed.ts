import { useEffect, useRef, useState } from 'react';
import type { CounterPayment } from '@server/modules/counter/schema';
import { trpc } from '@client/lib/trpc';
import { errorCode } from '@client/lib/trpc-errors';
import { paymentFromWire } from '../lib/counter';

/**
 * Follows an outlet's payments as they happen (docs/payments.md "The counter"): an EventSource on
 * `/api/business/payments/{outletId}/events`, opened with a 60-second ticket the page asks for with
 * its business token (EventSource cannot send headers; the token never goes in a URL).
 *
 * It starts after `since` (the list's `lastEventId`), so nothing between the list and the stream is
 * lost. On any error it closes the stream and opens a new one with a fresh ticket and the last event id
 * it saw (`?lastEventId=`): the server replays what was missed, and ids only go up, so nothing is shown
 * twice. Retries back off 1 s, 2 s, 5 s, 10 s; going back online retries at once; a refused ticket
 * (signed out, or an outlet that is not this login's) ends the retries. `renew` (the server
 * closes streams after 15 min) reconnects at once; `reset` (too far behind to replay) asks the page to
 * reload its list.
 */

/**
 * `no-access`: the server refuses this outlet's stream (the outlet is not, or no longer, this login's:
 * FORBIDDEN or NOT_FOUND). Nothing is retried then: asking again would be refused again.
 */
export type FeedState = 'connecting' | 'live' | 'reconnecting' | 'signed-out' | 'no-access';

export interface FeedHandlers {
  onPayment: (payment: CounterPayment, eventId: number, kind: 'payment' | 'refund') => void;
  onReset: () => void;
}

const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000];

export function useCounterFeed(outletId: number, since: number | null, handlers: FeedHandlers): FeedState {
  const [state, setState] = useState<FeedState>('connecting');
  const ticket = trpc.counter.streamTicket.useMutation();
  const mutate = useRef(ticket.mutateAsync);
  const latest = useRef(handlers);
  useEffect(() => {
    mutate.current = ticket.mutateAsync;
    latest.current = handlers;
  });
  const lastSeen = useRef<number | null>(null);

  useEffect(() => {
    if (since === null) return;
    lastSeen.current = Math.max(lastSeen.current ?? 0, since);
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let failures = 0;
    let stopped = false;
    /** The server refused the ticket: no retry, not even on going back online. */
    let refused = false;

    const retry = (delay?: number) => {
      source?.close();
      source = null;
      if (stopped || timer) return;
      setState('reconnecting');
      timer = setTimeout(
        () => {
          timer = null;
          void connect();
        },
        delay ?? BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)],
      );
      failures++;
    };

    const onData = (kind: 'payment' | 'refund') => (event: MessageEvent<string>) => {
      const id = Number(event.lastEventId);
      const payment = paymentFromWire(event.data);
      if (!payment || !Number.isSafeInteger(id)) return;
      if (lastSeen.current !== null && id <= lastSeen.current) return;
      lastSeen.current = id;
      latest.current.onPayment(payment, id, kind);
    };

    async function connect() {
      if (stopped) return;
      let url: string;
      try {
        url = (await mutate.current({ outletId })).url;
        setState((current) => (current === 'live' ? current : 'connecting'));
      } catch (error) {
        const code = errorCode(error);
        if (code === 'UNAUTHORIZED' || code === 'FORBIDDEN' || code === 'NOT_FOUND') {
          refused = true;
          setState(code === 'UNAUTHORIZED' ? 'signed-out' : 'no-access');
          return;
        }
        retry();
        return;
      }
      if (stopped) return;
      const es = new EventSource(`${url}&lastEventId=${lastSeen.current ?? 0}`);
      source = es;
      es.onopen = () => {
        failures = 0;
        setState('live');
      };
      es.onerror = () => {
        if (source === es) retry();
      };
      es.addEventListener('payment', onData('payment'));
      es.addEventListener('refund', onData('refund'));
      es.addEventListener('reset', () => latest.current.onReset());
      es.addEventListener('renew', () => retry(0));
    }

    const online = () => {
      if (refused) return;
      if (timer) clearTimeout(timer);
      timer = null;
      if (!source || source.readyState === EventSource.CLOSED) retry(0);
    };
    window.addEventListener('online', online);
    void connect();
    return () => {
      stopped = true;
      window.removeEventListener('online', online);
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [outletId, since]);

  return state;
}
