import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/setup.ts';
import { createTestApp } from '../test/app.ts';
import { testDb } from '../test/database.ts';
import { insertOutlet, insertOwner, insertReference } from '../test/factories.ts';
import { requestContext } from './logger.ts';
import { assertOutletAccess } from './outlet-access.ts';

useTestDatabase();

let outletId: number;
let ownerId: number;
let strangerId: number;
beforeEach(async () => {
  createTestApp();
  const ref = await insertReference();
  outletId = await insertOutlet(ref);
  ownerId = await insertOwner({}, outletId);
  strangerId = await insertOwner();
});

/** The statements the database received while `fn` ran. */
async function queriesDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (q: { sql: string }) => seen.push(q.sql);
  testDb().on('query', listener);
  try {
    await fn();
  } finally {
    testDb().off('query', listener);
  }
  return seen;
}

describe('assertOutletAccess within one request', () => {
  it('reads an access granted once per request: the guard’s check serves the service’s', async () => {
    const queries = await queriesDuring(() =>
      requestContext.run({ requestId: 'req-1' }, async () => {
        await assertOutletAccess(ownerId, outletId);
        await assertOutletAccess(ownerId, outletId);
      }),
    );
    expect(queries).toHaveLength(1);
    // Another request reads it again.
    expect(await queriesDuring(() => requestContext.run({ requestId: 'req-2' }, () => assertOutletAccess(ownerId, outletId)))).toHaveLength(1);
  });

  it('never remembers a refusal, nor a check made inside a transaction', async () => {
    await requestContext.run({ requestId: 'req-3' }, async () => {
      await expect(assertOutletAccess(strangerId, outletId)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(assertOutletAccess(strangerId, outletId)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      const inTrx = await queriesDuring(() => testDb().transaction(async (trx) => {
        await assertOutletAccess(ownerId, outletId, trx);
        await assertOutletAccess(ownerId, outletId, trx);
      }));
      expect(inTrx.filter((q) => /business_owners/.test(q))).toHaveLength(2);
    });
  });

  it('outside a request every call reads', async () => {
    const queries = await queriesDuring(async () => {
      await assertOutletAccess(ownerId, outletId);
      await assertOutletAccess(ownerId, outletId);
    });
    expect(queries).toHaveLength(2);
  });
});
