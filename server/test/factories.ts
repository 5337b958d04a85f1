import type { Knex } from 'knex';
import { hashPhone } from '../lib/crypto.ts';
import { hashPassword } from '../lib/passwords.ts';
import { refreshSearchTokens } from '../modules/outlets/service.ts';
import { createSession, resolveSession } from '../modules/sessions/service.ts';
import { createCaller } from '../trpc/app-router.ts';
import { createContextInner } from '../trpc/context.ts';
import { bearer, createTestApp, TEST_SECRET } from './app.ts';
import { testDb } from './database.ts';

/**
 * The rows tests arrange, inserted straight into the file's test database (test code only): one
 * factory per kind of row, shared by every module's tests. Each returns the new row's id unless it says
 * otherwise. Defaults make a valid, live, unremarkable row; a test names what it relies on.
 */

/** Numbers unique within a test file (slugs, phone numbers, coupon codes): the database is emptied per test, this is not. */
let seq = 0;
const next = () => ++seq;

/** Rows of `table` so far (names like `Category 0`, `owner0` count from 0 in each test). */
async function countOf(table: string): Promise<number> {
  return Number((await testDb()(table).count({ n: '*' }).first())!.n);
}

// --- passwords -------------------------------------------------------------------------------------

export const OWNER_PASSWORD = 'Owner@123';

let cachedHash: Promise<string> | null = null;
/** One Argon2id hash per file: hashing costs ~50 ms, so tests reuse it. Its password is `Owner@123`. */
export function ownerPasswordHash(): Promise<string> {
  cachedHash ??= hashPassword(OWNER_PASSWORD);
  return cachedHash;
}

// --- reference data --------------------------------------------------------------------------------

export async function insertCategory(overrides: Record<string, unknown> = {}): Promise<number> {
  const n = await countOf('categories');
  const [row] = await testDb()('categories')
    .insert({ name: `Category ${n}`, slug: `category-${n}`, icon: 'utensils', ...overrides })
    .returning('id');
  return row!.id;
}

export async function insertCity(overrides: Record<string, unknown> = {}): Promise<number> {
  const n = await countOf('cities');
  const [row] = await testDb()('cities')
    .insert({ name: `City ${n}`, slug: `city-${n}`, state: 'Karnataka', latitude: 12.97, longitude: 77.59, ...overrides })
    .returning('id');
  return row!.id;
}

/** Bengaluru, MG Road: where `insertOutlet` puts outlets unless told (`km` north of it, or a point). */
export const CENTRE = { latitude: 12.9716, longitude: 77.5946 };

/**
 * The discovery tests' reference set: two categories (food, fashion) and two cities (Bengaluru,
 * Mumbai). Also usable as `insertOutlet`'s refs (`categoryId`/`cityId` = food in Bengaluru).
 */
export async function insertReference() {
  const db = testDb();
  const [food, fashion] = await db('categories')
    .insert([
      { name: 'Restaurants', slug: 'restaurants', icon: 'utensils', sortOrder: 10 },
      { name: 'Fashion', slug: 'fashion', icon: 'shirt', sortOrder: 20 },
    ])
    .returning('id');
  const [blr, mum] = await db('cities')
    .insert([
      { name: 'Bengaluru', slug: 'bengaluru', state: 'Karnataka', latitude: 12.9716, longitude: 77.5946, sortOrder: 1 },
      { name: 'Mumbai', slug: 'mumbai', state: 'Maharashtra', latitude: 19.076, longitude: 72.8777, sortOrder: 2 },
    ])
    .returning('id');
  return { food: food!.id, fashion: fashion!.id, blr: blr!.id, mum: mum!.id, categoryId: food!.id, cityId: blr!.id };
}

export type Ref = Awaited<ReturnType<typeof insertReference>>;

// --- outlets ---------------------------------------------------------------------------------------

export interface OutletRefs {
  categoryId: number;
  cityId: number;
}

/** Columns of `outlets` (camelCase) to set (cuisines, dishes, isVeg too), plus `km` (north of CENTRE) and `locality` (= addressLineTwo). */
export type OutletFields = {
  name?: string;
  km?: number;
  locality?: string;
  latitude?: number;
  longitude?: number;
  categoryId?: number;
  cityId?: number;
  isLive?: boolean;
  opensAt?: string;
  closesAt?: string;
  masterOutletId?: number | null;
  ownerId?: number | null;
} & Record<string, unknown>;

/**
 * An outlet in `refs`' category and city: live, open 09:00–23:00, at CENTRE (or `km` north of it, or
 * at an explicit point), in Koramangala unless a `locality` is given. Other columns as `o` says.
 */
export async function insertOutlet(refs: OutletRefs, o: OutletFields = {}): Promise<number> {
  const n = next();
  const { km, locality, ...columns } = o;
  const name = o.name ?? `Outlet ${await countOf('outlets')}`;
  const [row] = await testDb()('outlets')
    .insert({
      name,
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${n}`,
      categoryId: refs.categoryId,
      cityId: refs.cityId,
      addressLineOne: `${n}, 1st Main Road`,
      addressLineTwo: locality ?? 'Koramangala',
      state: 'Karnataka',
      pincode: '560034',
      latitude: CENTRE.latitude + (km ?? 0) / 111.2,
      longitude: CENTRE.longitude,
      opensAt: '09:00',
      closesAt: '23:00',
      isLive: true,
      ...columns,
    })
    .returning('id');
  // What the outlets service does after every write: the outlet's search words.
  await refreshSearchTokens(testDb(), [row!.id]);
  return row!.id;
}

/** An outlet (open 00:00–23:59 unless told) with an optional base discount and shuffle range: the pay-bill tests' outlet. */
export async function payableOutlet(
  o: { name?: string; basePercent?: number; shuffleMin?: number; shuffleMax?: number; opensAt?: string; closesAt?: string } = {},
): Promise<number> {
  const ref = await insertReference().catch(async () => {
    const db = testDb();
    const cat = await db('categories').first('id');
    const city = await db('cities').first('id');
    return { categoryId: cat!.id, cityId: city!.id };
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

export async function setBaseDiscount(outletId: number, discountPercent: number, isLive = true): Promise<void> {
  await testDb()('outletDiscounts').insert({ outletId, discountPercent, isLive });
}

export async function addDayDiscount(outletId: number, dayOfWeek: number, discountPercent: number): Promise<void> {
  await testDb()('dayDiscounts').insert({ outletId, dayOfWeek, discountPercent });
}

/** A promotion with one slot. */
export async function addSlot(
  outletId: number,
  s: {
    adType: 'R' | 'D' | 'E';
    title: string;
    discountPercent: number;
    dayOfWeek?: number | null;
    slotDate?: string | null;
    startsAt: string;
    endsAt: string;
    eventName?: string;
  },
): Promise<{ slotId: number; promotionId: number }> {
  const db = testDb();
  let eventId: number | null = null;
  if (s.adType === 'E') {
    const [e] = await db('promotionEvents')
      .insert({ outletId, name: s.eventName ?? 'EVENT OFFERS', eventDate: s.slotDate!, dayOfWeek: isoDayOfWeek(s.slotDate!), colorHash: '#FF6600' })
      .returning('id');
    eventId = e!.id;
  }
  const [p] = await db('promotions')
    .insert({ outletId, adType: s.adType, title: s.title, discountPercent: s.discountPercent, eventId, description: `${s.title} (test)` })
    .returning('id');
  const [slot] = await db('promotionTimeSlots')
    .insert({
      outletId,
      adType: s.adType,
      dayOfWeek: s.dayOfWeek ?? null,
      slotDate: s.slotDate ?? null,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      promotionId: p!.id,
      discountPercent: s.discountPercent,
    })
    .returning('id');
  return { slotId: slot!.id, promotionId: p!.id };
}

export async function addPhoto(outletId: number, subCategory: string, position: number, storageKey: string): Promise<void> {
  await testDb()('outletPhotos').insert({ outletId, subCategory, position, storageKey, width: 800, height: 600 });
}

function isoDayOfWeek(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

// --- business accounts -----------------------------------------------------------------------------

/**
 * A business account (a master unless `isMaster: false`), password `Owner@123`: `owner<n>` / Ravi Kumar
 * unless told. A string is its username (and name). With `outletId`, it owns that outlet and is granted it.
 */
export async function insertOwner(o: string | Record<string, unknown> = {}, outletId?: number): Promise<number> {
  const n = await countOf('businessOwners');
  const overrides = typeof o === 'string' ? { username: o, name: o } : o;
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
  const id = Number(row!.id);
  if (outletId !== undefined) {
    await testDb()('outlets').where({ id: outletId }).update({ ownerId: id });
    await grant(id, outletId);
  }
  return id;
}

/** Lets a business account use an outlet (a `business_owner_outlets` row; no-op when it already may). */
export async function grant(businessOwnerId: number, outletId: number): Promise<void> {
  await testDb()('businessOwnerOutlets').insert({ businessOwnerId, outletId }).onConflict(['businessOwnerId', 'outletId']).ignore();
}

export interface BusinessWorld {
  refs: OutletRefs;
  ownerA: number;
  ownerB: number;
  outletA: number;
  outletA2: number;
  outletB: number;
  subA: number;
  subB: number;
  authA: { Authorization: string };
  authB: { Authorization: string };
  authSubA: { Authorization: string };
}

/**
 * The business tests' world: two master accounts A and B, each with an outlet (A has two), each with a
 * sub-account granted its master's first outlet; bearer headers for A, B and A's sub-account.
 */
/** A fresh app with a shopper and an outlet they can pay at (`payableOutlet`): the money tests' `beforeEach`. */
export async function shopperAndOutlet(outlet: Parameters<typeof payableOutlet>[0]): Promise<{ shopper: number; outlet: number }> {
  createTestApp();
  return { shopper: await newShopper(), outlet: await payableOutlet(outlet) };
}

/** A fresh app with a signed-in shopper on it (and the bearer header of their session): the shopper's REST tests' `beforeEach`. */
export async function shopperApp(): Promise<{ app: ReturnType<typeof createTestApp>; consumerId: number; auth: { Authorization: string } }> {
  const app = createTestApp();
  const consumerId = await insertShopper(testDb(), TEST_SECRET);
  return { app, consumerId, auth: await bearer('consumer', consumerId) };
}

/**
 * A fresh app on the business tests' Monday (2026-11-23, 12:30 IST) with the business world in it: the
 * `beforeEach` of the owner console's tests.
 */
export async function businessApp(): Promise<{ app: ReturnType<typeof createTestApp>; w: BusinessWorld }> {
  const app = createTestApp({ now: () => new Date('2026-11-23T07:00:00Z') });
  return { app, w: await businessWorld() };
}

export async function businessWorld(): Promise<BusinessWorld> {
  const refs = { categoryId: await insertCategory(), cityId: await insertCity() };
  const ownerA = await insertOwner({ username: 'owner.a', name: 'Anita Shah' });
  const ownerB = await insertOwner({ username: 'owner.b', name: 'Bala Murugan' });
  const outletA = await insertOutlet(refs, { name: 'Anita Cafe', slug: 'anita-cafe', ownerId: ownerA, isLive: true });
  const outletA2 = await insertOutlet(refs, { name: 'Anita Bakery', slug: 'anita-bakery', ownerId: ownerA, isLive: true });
  const outletB = await insertOutlet(refs, { name: 'Bala Mess', slug: 'bala-mess', ownerId: ownerB, isLive: true });
  for (const [o, id] of [[ownerA, outletA], [ownerA, outletA2], [ownerB, outletB]] as const) await grant(o, id);
  const subA = await insertOwner({ username: 'sub.a', isMaster: false, masterId: ownerA, name: 'Suresh' });
  const subB = await insertOwner({ username: 'sub.b', isMaster: false, masterId: ownerB, name: 'Selvi' });
  await grant(subA, outletA);
  await grant(subB, outletB);
  return {
    refs,
    ownerA,
    ownerB,
    outletA,
    outletA2,
    outletB,
    subA,
    subB,
    authA: await bearer('business', ownerA),
    authB: await bearer('business', ownerB),
    authSubA: await bearer('business', subA),
  };
}

/** An IST date the business tests use for events and dated slots (their clock is set around 2026-11-21). */
export const FUTURE_DATE = '2026-12-24';

// --- an outlet's content ---------------------------------------------------------------------------
// The authorization matrix (business-account) and the route fuzz test fill an outlet with every kind
// of content an owner manages, then prove a refused call changed nothing.

export interface OutletContent {
  adR: number;
  adD: number;
  adE: number;
  highlight: number;
  eventId: number;
  slotR: number;
  slotE: number;
  menuId: number;
  photoId: number;
}

/** Every kind of content an owner manages, written straight to the tables (B's outlet in the matrix). */
export async function fillOutlet(outletId: number): Promise<OutletContent> {
  const db = testDb();
  await db('outletDiscounts').insert({ outletId, discountPercent: 12, isLive: true });
  await db('outletOverviews').insert({ outletId, about: 'Meals since 1972', highlights: JSON.stringify(['Pure veg']) });
  const [photo] = await db('outletPhotos').insert({ outletId, subCategory: 'food', position: 0, storageKey: `seed/o${outletId}-food-0.webp`, width: 640, height: 480 }).returning('id');
  const [menu] = await db('menus').insert({ outletId, title: 'Breakfast', titleSeq: 0 }).returning('id');
  await db('menuPhotos').insert({ menuId: menu!.id, position: 0, storageKey: `seed/o${outletId}-menu-0.webp`, width: 640, height: 480 });
  const [event] = await db('promotionEvents')
    .insert({ outletId, name: 'Diwali Night', eventDate: FUTURE_DATE, dayOfWeek: 4, colorHash: '#FF6600' })
    .returning('id');
  const ads = await db('promotions')
    .insert([
      { outletId, adType: 'R', title: 'Lunch thali', discountPercent: 10 },
      { outletId, adType: 'D', title: 'Happy hour', discountPercent: 15 },
      { outletId, adType: 'E', title: 'Diwali special', discountPercent: 20, eventId: event!.id },
      { outletId, adType: 'Highlight', title: 'Now open on Sundays' },
    ])
    .returning('id');
  const [slotR] = await db('promotionTimeSlots')
    .insert({ outletId, adType: 'R', dayOfWeek: 1, startsAt: '12:00', endsAt: '15:00', promotionId: ads[0]!.id })
    .returning('id');
  const [slotE] = await db('promotionTimeSlots')
    .insert({ outletId, adType: 'E', slotDate: FUTURE_DATE, startsAt: '18:00', endsAt: '22:00', promotionId: ads[2]!.id })
    .returning('id');
  return {
    adR: ads[0]!.id,
    adD: ads[1]!.id,
    adE: ads[2]!.id,
    highlight: ads[3]!.id,
    eventId: event!.id,
    slotR: slotR!.id,
    slotE: slotE!.id,
    menuId: menu!.id,
    photoId: photo!.id,
  };
}

/** Everything stored about one outlet and its owners, to prove a refused call changed nothing. */
export async function snapshotOutlet(outletId: number, ownerIds: number[]): Promise<string> {
  const db = testDb();
  const byOutlet = async (table: string) => db(table).where({ outletId }).orderByRaw('1');
  const parts = {
    outlet: await db('outlets').where({ id: outletId }),
    discount: await byOutlet('outletDiscounts'),
    overview: await byOutlet('outletOverviews'),
    photos: await byOutlet('outletPhotos'),
    menus: await byOutlet('menus'),
    menuPhotos: await db('menuPhotos').whereIn('menuId', db('menus').select('id').where({ outletId })).orderBy('id'),
    events: await byOutlet('promotionEvents'),
    promotions: await byOutlet('promotions'),
    slots: await byOutlet('promotionTimeSlots'),
    grants: await db('businessOwnerOutlets').whereIn('businessOwnerId', ownerIds).orderBy(['businessOwnerId', 'outletId']),
    owners: await db('businessOwners').whereIn('id', ownerIds).orderBy('id'),
    coupons: await byOutlet('coupons'),
    stats: await byOutlet('outletDailyStats'),
  };
  return JSON.stringify(parts);
}

// --- staff -----------------------------------------------------------------------------------------

/** A sales staff member (password `Owner@123`) and a bearer header for a session of theirs. */
export async function insertSalesStaff(username = 'sales'): Promise<{ id: number; auth: { Authorization: string } }> {
  const [row] = await testDb()('salesStaff')
    .insert({ username, name: 'Priya Sharma', passwordHash: await ownerPasswordHash() })
    .returning('id');
  return { id: row!.id, auth: await bearer('sales', row!.id) };
}

// --- shoppers --------------------------------------------------------------------------------------

/**
 * An active shopper with its settings row, its phone hashed under `secret` so an OTP sign-in finds it:
 * Asha Rao, 9876543210, asha@example.in, referral code ME543210 unless told. Takes the database and
 * secret explicitly so the benchmarks can use it on theirs.
 */
export async function insertShopper(
  db: Knex,
  secret: string,
  overrides: { phoneNumber?: string; name?: string | null; email?: string | null; referralCode?: string } = {},
): Promise<number> {
  const phoneNumber = overrides.phoneNumber ?? '9876543210';
  const [row] = await db('consumers')
    .insert({
      phoneNumber,
      phoneHash: hashPhone(secret, phoneNumber),
      name: overrides.name === undefined ? 'Asha Rao' : overrides.name,
      email: overrides.email === undefined ? 'asha@example.in' : overrides.email,
      referralCode: overrides.referralCode ?? `ME${phoneNumber.slice(-6)}`,
    })
    .returning('id');
  const id = Number(row!.id);
  await db('consumerSettings').insert({ consumerId: id });
  return id;
}

/** Another shopper (as `insertShopper`), with a phone number and referral code of its own. */
export async function insertConsumer(name = 'Asha Rao'): Promise<number> {
  const phoneNumber = `98${String(76_500_000 + next()).padStart(8, '0')}`;
  return insertShopper(testDb(), TEST_SECRET, { phoneNumber, name, referralCode: `ME${phoneNumber.slice(-6)}` });
}

/** The pay-bill tests' name for `insertConsumer`. */
export const newShopper = insertConsumer;

export async function giveGoldKeys(consumerId: number, n: number): Promise<void> {
  await testDb()('goldenKeyLedger').insert({ consumerId, delta: n, reason: 'adjustment', note: 'test' });
}

// --- money -----------------------------------------------------------------------------------------

/** A coupon row (for list and redemption tests). */
export async function insertCoupon(
  consumerId: number,
  outletId: number,
  c: { percent?: number; validUntil?: Date; isLive?: boolean; redeemedAt?: Date | null; code?: string; usedGoldenKey?: boolean; issuedOn?: string } = {},
): Promise<number> {
  const [row] = await testDb()('coupons')
    .insert({
      code: c.code ?? `SHTEST${String(next()).padStart(4, '0')}`,
      consumerId,
      outletId,
      discountPercent: c.percent ?? 5,
      isLive: c.isLive ?? true,
      issuedOn: c.issuedOn ?? '2026-01-01',
      usedGoldenKey: c.usedGoldenKey ?? true,
      validUntil: c.validUntil ?? new Date(Date.now() + 3_600_000),
      redeemedAt: c.redeemedAt ?? null,
    })
    .returning('id');
  return row!.id;
}

/**
 * A paid order with a captured payment at the outlet (money history that must never be orphaned), by a
 * new shopper unless `consumerId` is given, paid now unless `paidAt` says when.
 */
export async function insertPaidOrder(
  outletId: number,
  o: { consumerId?: number; paidAt?: Date } = {},
): Promise<{ orderId: number; paymentId: number; publicId: string; consumerId: number }> {
  const consumerId = o.consumerId ?? (await insertConsumer());
  const [order] = await testDb()('orders')
    .insert({
      consumerId,
      outletId,
      idempotencyKey: `key-${consumerId}-${next()}`,
      status: 'paid',
      provider: 'sandbox',
      billPaise: 100_00,
      instantDiscountPercent: 10,
      instantDiscountPaise: 10_00,
      convenienceFeePaise: 0,
      gstPaise: 0,
      amountPaise: 90_00,
      paidAt: o.paidAt ?? new Date(),
      receiptCode: `BCH-T${String(next()).padStart(7, '0')}`,
    })
    .returning(['id', 'publicId']);
  const [payment] = await testDb()('payments')
    .insert({ orderId: order!.id, provider: 'sandbox', providerPaymentId: `pay_${order!.id}`, status: 'captured', amountPaise: 90_00 })
    .returning('id');
  return { orderId: order!.id, paymentId: payment!.id, publicId: order!.publicId, consumerId };
}

// --- notifications ---------------------------------------------------------------------------------

/** Where the shopper last browsed from: `km` north of CENTRE (or a point), and/or a city. */
export async function setLastLocation(consumerId: number, l: { km?: number; latitude?: number; longitude?: number; cityId?: number | null } = {}): Promise<void> {
  const hasPoint = l.km !== undefined || l.latitude !== undefined;
  await testDb()('consumerLocations')
    .insert({
      consumerId,
      latitude: hasPoint ? (l.latitude ?? CENTRE.latitude + (l.km ?? 0) / 111.2) : null,
      longitude: hasPoint ? (l.longitude ?? CENTRE.longitude) : null,
      cityId: l.cityId ?? null,
    })
    .onConflict('consumerId')
    .merge();
}

/** A browser push subscription of the shopper (keys are not checked by the fake provider). */
export async function insertPushSubscription(consumerId: number, endpoint = `https://fcm.googleapis.com/fcm/send/test-${next()}`): Promise<number> {
  const [row] = await testDb()('pushSubscriptions')
    .insert({ consumerId, endpoint, p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' })
    .returning('id');
  return row!.id;
}

export async function insertFcmToken(consumerId: number, token = `fcm-token-${next()}-abcdefghijklmnopqrstuvwxyz`): Promise<number> {
  const [row] = await testDb()('fcmTokens').insert({ consumerId, token }).returning('id');
  return row!.id;
}

// --- callers and files -----------------------------------------------------------------------------

/** A tRPC caller signed in as the shopper (or anonymous with no id). */
export async function callerFor(consumerId?: number) {
  if (consumerId === undefined) return createCaller(createContextInner());
  const { token } = await createSession({ kind: 'consumer', principalId: consumerId });
  return createCaller(createContextInner({ principal: await resolveSession(token) }));
}

/** A tRPC caller signed in as a business account. */
export async function businessCaller(ownerId: number) {
  const { Authorization } = await bearer('business', ownerId);
  const principal = await resolveSession(Authorization.slice(7));
  return createCaller(createContextInner({ principal }));
}

/** A small PNG (uploads). */
export async function png(width = 64, height = 48, background = '#c05010'): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}
