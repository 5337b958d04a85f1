import { testDb } from '../test/database.ts';
import { bearer } from '../test/app.ts';
import { hashPassword } from '../lib/passwords.ts';

/**
 * Rows the back-office tests arrange: reference data, a sales staff member with a token, outlets, an
 * owner, and (for orphan checks) an order with a payment. Inserted straight into the database.
 */

let cachedHash: Promise<string> | null = null;
/** One Argon2id hash per file: hashing costs ~50 ms, so tests reuse it. Its password is `Owner@123`. */
export function ownerPasswordHash(): Promise<string> {
  cachedHash ??= hashPassword('Owner@123');
  return cachedHash;
}
export const OWNER_PASSWORD = 'Owner@123';

export async function insertCategory(overrides: Record<string, unknown> = {}): Promise<number> {
  const n = (await testDb()('categories').count({ n: '*' }).first())!.n;
  const [row] = await testDb()('categories')
    .insert({ name: `Category ${n}`, slug: `category-${n}`, icon: '🍽️', ...overrides })
    .returning('id');
  return row!.id;
}

export async function insertCity(overrides: Record<string, unknown> = {}): Promise<number> {
  const n = (await testDb()('cities').count({ n: '*' }).first())!.n;
  const [row] = await testDb()('cities')
    .insert({ name: `City ${n}`, slug: `city-${n}`, state: 'Karnataka', latitude: 12.97, longitude: 77.59, ...overrides })
    .returning('id');
  return row!.id;
}

export async function insertSalesStaff(username = 'sales'): Promise<{ id: number; auth: { Authorization: string } }> {
  const [row] = await testDb()('salesStaff')
    .insert({ username, name: 'Priya Sharma', passwordHash: await ownerPasswordHash() })
    .returning('id');
  return { id: row!.id, auth: await bearer('sales', row!.id) };
}

export async function insertOutlet(refs: { categoryId: number; cityId: number }, overrides: Record<string, unknown> = {}): Promise<number> {
  const n = (await testDb()('outlets').count({ n: '*' }).first())!.n;
  const [row] = await testDb()('outlets')
    .insert({
      name: `Outlet ${n}`,
      slug: `outlet-${n}`,
      categoryId: refs.categoryId,
      cityId: refs.cityId,
      addressLineOne: '12, 80 Feet Road',
      addressLineTwo: 'Koramangala',
      state: 'Karnataka',
      pincode: '560034',
      latitude: 12.93,
      longitude: 77.62,
      opensAt: '09:00',
      closesAt: '22:00',
      ...overrides,
    })
    .returning('id');
  return row!.id;
}

export async function insertOwner(overrides: Record<string, unknown> = {}): Promise<number> {
  const n = (await testDb()('businessOwners').count({ n: '*' }).first())!.n;
  const [row] = await testDb()('businessOwners')
    .insert({
      username: `owner${n}`,
      passwordHash: await ownerPasswordHash(),
      name: 'Ravi Kumar',
      phoneNumber: '9845012345',
      isMaster: true,
      ...overrides,
    })
    .returning('id');
  return row!.id;
}

export async function insertConsumer(): Promise<number> {
  const n = (await testDb()('consumers').count({ n: '*' }).first())!.n;
  const [row] = await testDb()('consumers')
    .insert({ phoneNumber: `98765000${String(n).padStart(2, '0')}`, phoneHash: `hash-${n}`, name: 'Aarav', referralCode: `METEST${n}` })
    .returning('id');
  return row!.id;
}

/** A paid order with a captured payment at the outlet (money history that must never be orphaned). */
export async function insertPaidOrder(outletId: number): Promise<{ orderId: number; paymentId: number }> {
  const consumerId = await insertConsumer();
  const [order] = await testDb()('orders')
    .insert({
      consumerId,
      outletId,
      idempotencyKey: `key-${consumerId}`,
      status: 'paid',
      provider: 'sandbox',
      billPaise: 100_00,
      instantDiscountPercent: 10,
      instantDiscountPaise: 10_00,
      convenienceFeePaise: 0,
      gstPaise: 0,
      amountPaise: 90_00,
    })
    .returning('id');
  const [payment] = await testDb()('payments')
    .insert({ orderId: order.id, provider: 'sandbox', providerPaymentId: `pay_${order.id}`, status: 'captured', amountPaise: 90_00 })
    .returning('id');
  return { orderId: order.id, paymentId: payment.id };
}
