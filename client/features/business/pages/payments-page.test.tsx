import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CounterPage, CounterPayment, RefundResult } from '@server/modules/counter/schema';
import { renderWithProviders } from '@client/testing/render';
import { getBusinessSession, saveBusinessSession } from '../lib/session';
import { counterPayment, counterTime, OWNER_DETAILS } from '../test-fixtures';
import { trpcError } from '@client/testing/fixtures';
import { SOUND_PREFERENCE_KEY } from '../hooks/use-chime';
import { PaymentsPage } from './payments-page';

/**
 * The counter's screen: the list, live events from the stream (highlight, banner, chime), reconnects
 * that replay without duplicates, the receipt check and refunds.
 */

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  emit(type: string, payment: CounterPayment | Record<string, never>, id?: number) {
    const event = new MessageEvent(type, { data: JSON.stringify(payment), lastEventId: id === undefined ? '' : String(id) });
    for (const fn of this.listeners.get(type) ?? []) fn(event);
  }
  static last() {
    return FakeEventSource.all[FakeEventSource.all.length - 1]!;
  }
}

/** A Web Audio stand-in: suspended until resumed (a user gesture), counting the notes played. */
class FakeAudioContext {
  static notes = 0;
  state: 'suspended' | 'running' | 'closed' = 'suspended';
  currentTime = 0;
  destination = {};
  async resume() {
    this.state = 'running';
  }
  async close() {
    this.state = 'closed';
  }
  createOscillator() {
    return { type: 'sine', frequency: { value: 0 }, connect: (n: unknown) => n, start: () => void FakeAudioContext.notes++, stop: () => undefined };
  }
  createGain() {
    const gain = { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined };
    return { gain, connect: (n: unknown) => n };
  }
}

const listPage = (data: CounterPayment[], patch: Partial<CounterPage> = {}): CounterPage => ({
  data,
  offSet: 1,
  limit: 20,
  total: data.length,
  totalPages: 1,
  lastEventId: 4,
  canRefund: true,
  serverTime: counterTime(10),
  ...patch,
});

let tickets = 0;
beforeEach(() => {
  FakeEventSource.all = [];
  FakeAudioContext.notes = 0;
  tickets = 0;
  localStorage.clear();
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.useFakeTimers({ shouldAdvanceTime: true, now: counterTime(10) });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const name of ['businessUserDetails']) document.cookie = `${name}=; Max-Age=0; Path=/`;
});

function renderPage(page: CounterPage, extra: Record<string, (input: unknown) => unknown> = {}) {
  saveBusinessSession(OWNER_DETAILS);
  return renderWithProviders(<PaymentsPage outletId={11} session={getBusinessSession()!} />, {
    trpc: {
      'counter.payments': () => page,
      'counter.streamTicket': () => ({ ticket: `t${++tickets}`, expiresAt: counterTime(11), url: `/api/business/payments/11/events?ticket=t${tickets}` }),
      ...extra,
    },
  });
}

describe('live payments', () => {
  it('opens the stream from the list’s position; a new payment appears on top, highlighted, with a banner and the chime', async () => {
    const older = counterPayment({ orderId: 'old', receiptCode: 'BCH-OLDOLD22', paidAt: counterTime(-30) });
    const { user } = renderPage(listPage([older]));
    expect(await screen.findAllByText('BCH-OLDOLD22')).not.toHaveLength(0);
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    expect(FakeEventSource.last().url).toBe('/api/business/payments/11/events?ticket=t1&lastEventId=4');
    act(() => FakeEventSource.last().open());
    expect(screen.getByRole('status', { name: 'Live updates: Live' })).toBeInTheDocument();

    // The browser blocks audio until a gesture: the page offers to enable it.
    await user.click(screen.getByRole('button', { name: 'Enable sound' }));
    expect(await screen.findByRole('button', { name: 'Sound on' })).toHaveAttribute('aria-pressed', 'true');

    const fresh = counterPayment({ orderId: 'new', receiptCode: 'BCH-NEWNEW22', verificationCode: '111222', amountPaise: 45_000, paidAt: counterTime(9) });
    act(() => FakeEventSource.last().emit('payment', fresh, 5));
    const banner = await screen.findByTestId('new-payment');
    expect(banner).toHaveTextContent('New payment₹450.00');
    expect(banner).toHaveTextContent('111222');
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('BCH-NEWNEW22');
    expect(rows[1]).toHaveClass('counter-row--new');
    expect(rows[2]).not.toHaveClass('counter-row--new');
    expect(FakeAudioContext.notes).toBe(2);
    expect(screen.getByText(/1–2 of 2 payments/)).toBeInTheDocument();

    // The same event again (a replay) changes nothing and plays nothing.
    act(() => FakeEventSource.last().emit('payment', fresh, 5));
    expect(within(table).getAllByText('BCH-NEWNEW22')).toHaveLength(1);
    expect(FakeAudioContext.notes).toBe(2);

    // The highlight fades after a while.
    await act(async () => vi.advanceTimersByTime(13_000));
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]).not.toHaveClass('counter-row--new');

    // Muted: remembered, and silent.
    await user.click(screen.getByRole('button', { name: 'Sound on' }));
    expect(localStorage.getItem(SOUND_PREFERENCE_KEY)).toBe('off');
    act(() => FakeEventSource.last().emit('payment', counterPayment({ orderId: 'third', receiptCode: 'BCH-THIRD222', paidAt: counterTime(10) }), 6));
    await screen.findAllByText('BCH-THIRD222');
    expect(FakeAudioContext.notes).toBe(2);
  });

  it('after a dropped connection it reconnects with a fresh ticket from the last event it saw', async () => {
    renderPage(listPage([]));
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    act(() => FakeEventSource.last().open());
    act(() => FakeEventSource.last().emit('payment', counterPayment({ orderId: 'a', receiptCode: 'BCH-AAAAAAA2' }), 5));
    await screen.findAllByText('BCH-AAAAAAA2');
    act(() => FakeEventSource.last().onerror?.());
    expect(FakeEventSource.all[0]!.readyState).toBe(2);
    expect(await screen.findByRole('status', { name: 'Live updates: Reconnecting…' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1_100));
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(2));
    expect(FakeEventSource.last().url).toBe('/api/business/payments/11/events?ticket=t2&lastEventId=5');
    // The replay of what was missed: one new bill; the old one again is not duplicated.
    act(() => FakeEventSource.last().emit('payment', counterPayment({ orderId: 'a', receiptCode: 'BCH-AAAAAAA2' }), 5));
    act(() => FakeEventSource.last().emit('payment', counterPayment({ orderId: 'b', receiptCode: 'BCH-BBBBBBB2', paidAt: counterTime(1) }), 6));
    await screen.findAllByText('BCH-BBBBBBB2');
    expect(within(screen.getByRole('table')).getAllByText('BCH-AAAAAAA2')).toHaveLength(1);
  });

  it('a stream the server refuses (the outlet is no longer this login’s) says so and is not asked for again', async () => {
    const streamTicket = vi.fn(() => {
      throw trpcError('You do not have access to this outlet.', 'FORBIDDEN', 403);
    });
    renderPage(listPage([]), { 'counter.streamTicket': streamTicket });
    expect(await screen.findByRole('status', { name: 'Live updates: No access' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(60_000));
    act(() => void window.dispatchEvent(new Event('online')));
    await act(async () => vi.advanceTimersByTime(15_000));
    expect(streamTicket).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.all).toHaveLength(0);
  });

  it('a refund event updates the bill in place', async () => {
    renderPage(listPage([counterPayment()]));
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    act(() => FakeEventSource.last().emit('refund', counterPayment({ status: 'partly_refunded', refundedPaise: 45_531, refundablePaise: 45_531 }), 5));
    const row = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    await waitFor(() => expect(row).toHaveTextContent('Partly refunded'));
    expect(row).toHaveTextContent('₹455.31 refunded');
    expect(screen.queryByTestId('new-payment')).toBeNull();
  });
});

describe('check a receipt', () => {
  it('a match shows amount, time and first name; an unknown code a clear no-match', async () => {
    const verify = vi.fn((input: unknown) => {
      const { code } = input as { code: string };
      if (code === '482913') {
        return { orderId: 'o', receiptCode: 'BCH-7K2M9QXA', verificationCode: '482913', outletId: 11, billPaise: 100_000, amountPaise: 91_062, savedPaise: 10_000, paidAt: counterTime(0), shopperFirstName: 'Asha', status: 'paid', refundedPaise: 0 };
      }
      throw trpcError('No paid bill at this outlet matches this code', 'NOT_FOUND', 404);
    });
    const { user } = renderPage(listPage([]), { 'counter.verify': verify });
    const box = await screen.findByRole('region', { name: 'Check a receipt' });
    await user.type(within(box).getByLabelText('Verification code or receipt ID'), '482913');
    await user.click(within(box).getByRole('button', { name: 'Check' }));
    const match = await within(box).findByTestId('receipt-match');
    expect(match).toHaveTextContent('Match: paid at this outlet');
    expect(match).toHaveTextContent('₹910.62');
    expect(match).toHaveTextContent('Asha');
    expect(verify).toHaveBeenCalledWith({ outletId: 11, code: '482913' });
    await user.clear(within(box).getByLabelText('Verification code or receipt ID'));
    await user.type(within(box).getByLabelText('Verification code or receipt ID'), '000000');
    await user.click(within(box).getByRole('button', { name: 'Check' }));
    expect(await within(box).findByTestId('receipt-no-match')).toHaveTextContent('No match for 000000');
    expect(within(box).queryByTestId('receipt-match')).toBeNull();
  });
});

describe('refunds', () => {
  it('part of a payment, with a reason: one idempotency key; the row and a notice update', async () => {
    const refund = vi.fn(
      (input: unknown): RefundResult => ({
        refund: { id: 1, amountPaise: (input as { amountPaise: number }).amountPaise, status: 'processed', reason: 'Half missing', createdAt: counterTime(10), processedAt: counterTime(10) },
        payment: counterPayment({ status: 'partly_refunded', refundedPaise: 45_531, refundablePaise: 45_531 }),
        replayed: false,
      }),
    );
    const { user } = renderPage(listPage([counterPayment()]), { 'counter.refund': refund });
    await user.click((await screen.findAllByRole('button', { name: 'Refund BCH-7K2M9QXA' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Refund a payment' });
    expect(dialog).toHaveTextContent('Everything left: ₹910.62');
    await user.click(within(dialog).getByLabelText('Part of it'));
    await user.type(within(dialog).getByLabelText('Amount to refund (₹)'), '1000');
    await user.type(within(dialog).getByLabelText('Reason'), 'Half missing');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹1,000.00' }));
    expect(await within(dialog).findByText('At most ₹910.62 can be refunded')).toBeInTheDocument();
    expect(refund).not.toHaveBeenCalled();
    await user.clear(within(dialog).getByLabelText('Amount to refund (₹)'));
    await user.type(within(dialog).getByLabelText('Amount to refund (₹)'), '455.31');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹455.31' }));
    await waitFor(() => expect(refund).toHaveBeenCalledTimes(1));
    expect(refund).toHaveBeenCalledWith({ outletId: 11, receiptId: 'BCH-7K2M9QXA', amountPaise: 45_531, reason: 'Half missing', idempotencyKey: expect.stringMatching(/^rf-[0-9a-f-]{36}$/) });
    expect(await screen.findByText(/Refunded ₹455\.31 on BCH-7K2M9QXA/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent('Partly refunded');
  });

  it('reopened after a partial refund, the dialog starts on "Everything left"; a failed receipt check is not re-run by the refund (issue 28)', async () => {
    const partly = counterPayment({ status: 'partly_refunded', refundedPaise: 45_531, refundablePaise: 45_531 });
    const refund = vi.fn(
      (): RefundResult => ({
        refund: { id: 2, amountPaise: 45_531, status: 'processed', reason: 'Rest of it', createdAt: counterTime(10), processedAt: counterTime(10) },
        payment: counterPayment({ status: 'refunded', refundedPaise: 91_062, refundablePaise: 0 }),
        replayed: false,
      }),
    );
    const verify = vi.fn(() => {
      throw trpcError('No paid bill at this outlet matches this code', 'NOT_FOUND', 404);
    });
    const { user } = renderPage(listPage([partly]), { 'counter.refund': refund, 'counter.verify': verify });
    const box = await screen.findByRole('region', { name: 'Check a receipt' });
    await user.type(within(box).getByLabelText('Verification code or receipt ID'), '000000');
    await user.click(within(box).getByRole('button', { name: 'Check' }));
    expect(await within(box).findByTestId('receipt-no-match')).toBeInTheDocument();
    expect(verify).toHaveBeenCalledTimes(1);

    await user.click((await screen.findAllByRole('button', { name: 'Refund BCH-7K2M9QXA' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Refund a payment' });
    expect(within(dialog).getByRole('radio', { name: /Everything left/ })).toBeChecked();
    expect(within(dialog).queryByLabelText('Amount to refund (₹)')).toBeNull();
    await user.type(within(dialog).getByLabelText('Reason'), 'Rest of it');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹455.31' }));
    expect(await screen.findByText(/Refunded ₹455\.31 on BCH-7K2M9QXA/)).toBeInTheDocument();
    // The list updated from the refund's answer; the failed check stayed as it was, not asked again.
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent('Refunded');
    expect(within(box).getByTestId('receipt-no-match')).toBeInTheDocument();
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('the Refund button is off, with the reason, after 24 h or without the permission', async () => {
    const old = counterPayment({ orderId: 'old', receiptCode: 'BCH-OLDOLD22', paidAt: counterTime(-25 * 60), refundableUntil: counterTime(-60) });
    renderPage(listPage([old]));
    const button = (await screen.findAllByRole('button', { name: 'Refund BCH-OLDOLD22' }))[0]!;
    expect(button).toBeDisabled();
    // The reason is the button's title; the page says the rule once, not under every row.
    expect(button).toHaveAttribute('title', 'Refund window closed (24 h after payment)');
    expect(screen.getByText('A payment can be refunded for 24 hours after it was made.')).toBeInTheDocument();
    expect(screen.queryAllByText('Refund window closed (24 h after payment)')).toHaveLength(0);
  });

  it('a staff login without the permission sees why', async () => {
    renderPage(listPage([counterPayment()], { canRefund: false }));
    expect(await screen.findByText(/Refunds are made by the master account/)).toBeInTheDocument();
    for (const b of screen.getAllByRole('button', { name: 'Refund BCH-7K2M9QXA' })) expect(b).toBeDisabled();
  });
});


describe('group bills at the counter', () => {
  const group = (paidCount: number, status: 'open' | 'paid' = 'open') => ({ code: 'ABC234', status, paidCount, shareCount: 4, totalPaise: 2_160_00, leftPaise: (4 - paidCount) * 540_00 });

  it('every share’s row shows the group’s latest progress, and a new share moves them all on', async () => {
    const first = counterPayment({ orderId: 'g1', receiptCode: 'BCH-GROUP111', paidAt: counterTime(-3), group: group(1) });
    const second = counterPayment({ orderId: 'g2', receiptCode: 'BCH-GROUP222', paidAt: counterTime(-2), group: group(2) });
    renderPage(listPage([second, first]));
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByText('Group bill ABC234 · 2 of 4 paid · ₹1,080.00 left')).toHaveLength(2));

    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    act(() => FakeEventSource.last().open());
    const last = counterPayment({ orderId: 'g3', receiptCode: 'BCH-GROUP333', paidAt: counterTime(9), group: group(4, 'paid') });
    act(() => FakeEventSource.last().emit('payment', last, 5));
    await waitFor(() => expect(within(table).getAllByText('Group bill ABC234 · paid in full')).toHaveLength(3));
  });
});
