import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../modules/index.ts';
import type { ModuleManifest } from '../modules/manifest.ts';
import { createDomainEvents, type DomainEventMap } from './domain-events.ts';

/** Domain events (docs/payments.md "Domain events"): who hears what, in which order, once. */

describe('domain events', () => {
  it('the modules subscribe through their manifests, in the order of the module list (the counter lock last but the message)', () => {
    const events = createDomainEvents(MODULES as readonly ModuleManifest[]);
    expect(events.subscribers('payment.captured')).toEqual(['payments', 'group-bills', 'counter', 'notifications']);
    expect(events.subscribers('refund.changed')).toEqual(['shuffles', 'payments', 'settlements', 'counter', 'notifications']);
    expect(events.subscribers('route.notice')).toEqual(['settlements']);
    expect(events.subscribers('order.expired')).toEqual([]);
  });

  it('announce runs every subscriber once, in order, in the caller\'s transaction, and a failure stops it (the transaction rolls back)', async () => {
    const heard: string[] = [];
    const trx = {} as Knex.Transaction;
    const event: DomainEventMap['payment.captured'] = { orderId: 1, outletId: 2, consumerId: 3, couponId: null, groupBillId: null, at: new Date(0) };
    const events = createDomainEvents([
      { name: 'a', on: { 'payment.captured': async (t, e) => void heard.push(`a:${e.orderId}:${t === trx}`) } },
      { name: 'b' },
      { name: 'c', on: { 'payment.captured': async () => void heard.push('c'), 'refund.changed': async () => void heard.push('c-refund') } },
    ]);
    await events.announce(trx, 'payment.captured', event);
    expect(heard).toEqual(['a:1:true', 'c']);
    const failing = createDomainEvents([
      { name: 'x', on: { 'payment.captured': async () => Promise.reject(new Error('no')) } },
      { name: 'y', on: { 'payment.captured': async () => void heard.push('y') } },
    ]);
    await expect(failing.announce(trx, 'payment.captured', event)).rejects.toThrow('no');
    expect(heard).not.toContain('y');
  });
});
