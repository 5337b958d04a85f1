import { createSession, resolveSession } from '../sessions/service.ts';
import { createCaller } from '../../trpc/app-router.ts';
import { createContextInner } from '../../trpc/context.ts';
import { testDb } from '../../test/database.ts';
import { TEST_SECRET } from '../../test/app.ts';
import { insertShopper } from '../auth/testing.ts';
import { insertOutlet, insertReference, setBaseDiscount } from '../outlets/test-fixtures.ts';

/** Test data for the pay-bill modules (bills, shuffles, coupons, orders, payments, history). Test code only. */

let phoneSeq = 0;

/** A shopper with a unique phone number; returns its id. */
export async function newShopper(name = 'Asha Rao'): Promise<number> {
  phoneSeq++;
  const phone = `98${String(76_500_000 + phoneSeq).padStart(8, '0')}`;
  return insertShopper(testDb(), TEST_SECRET, { phoneNumber: phone, name, referralCode: `ME${phone.slice(-6)}` });
}

export async function giveGoldKeys(consumerId: number, n: number): Promise<void> {
  await testDb()('goldenKeyLedger').insert({ consumerId, delta: n, reason: 'adjustment', note: 'test' });
}

/** An outlet (open 00:00–23:59 unless told) with an optional base discount and shuffle range. */
export async function payableOutlet(
  o: { name?: string; basePercent?: number; shuffleMin?: number; shuffleMax?: number; opensAt?: string; closesAt?: string } = {},
): Promise<number> {
  const ref = await insertReference().catch(async () => {
    const db = testDb();
    const cat = await db('categories').first('id');
    const city = await db('cities').first('id');
    return { food: cat!.id, fashion: cat!.id, blr: city!.id, mum: city!.id };
  });
  const id = await insertOutlet(ref, { name: o.name ?? 'Chai Point', opensAt: o.opensAt ?? '00:00', closesAt: o.closesAt ?? '23:59' });
  if (o.shuffleMin !== undefined || o.shuffleMax !== undefined) {
    await testDb()('outlets')
      .where({ id })
      .update({ shuffleMinPercent: o.shuffleMin ?? 2, shuffleMaxPercent: o.shuffleMax ?? 10 });
  }
  if (o.basePercent !== undefined) await setBaseDiscount(id, o.basePercent);
  return id;
}

/** A tRPC caller signed in as the shopper (or anonymous with no id). */
export async function callerFor(consumerId?: number) {
  if (consumerId === undefined) return createCaller(createContextInner());
  const { token } = await createSession({ kind: 'consumer', principalId: consumerId });
  return createCaller(createContextInner({ principal: await resolveSession(token) }));
}

/** A coupon row straight in the database (for list and redemption tests). */
export async function insertCoupon(
  consumerId: number,
  outletId: number,
  c: { percent?: number; validUntil?: Date; isLive?: boolean; redeemedAt?: Date | null; code?: string; usedGoldenKey?: boolean; issuedOn?: string } = {},
): Promise<number> {
  phoneSeq++;
  const [row] = (await testDb()('coupons')
    .insert({
      code: c.code ?? `SHTEST${String(phoneSeq).padStart(4, '0')}`,
      consumerId,
      outletId,
      discountPercent: c.percent ?? 5,
      isLive: c.isLive ?? true,
      issuedOn: c.issuedOn ?? '2026-01-01',
      usedGoldenKey: c.usedGoldenKey ?? true,
      validUntil: c.validUntil ?? new Date(Date.now() + 3_600_000),
      redeemedAt: c.redeemedAt ?? null,
    })
    .returning('id')) as { id: number }[];
  return Number(row!.id);
}

/** A master business account owning `outletId` (when given); returns its id. */
export async function insertOwner(username: string, outletId?: number): Promise<number> {
  const db = testDb();
  const [row] = (await db('businessOwners')
    .insert({ username, passwordHash: 'x', name: username, phoneNumber: '9876500001', isMaster: true })
    .returning('id')) as { id: number }[];
  const id = Number(row!.id);
  if (outletId !== undefined) {
    await db('outlets').where({ id: outletId }).update({ ownerId: id });
    await db('businessOwnerOutlets').insert({ businessOwnerId: id, outletId });
  }
  return id;
}
