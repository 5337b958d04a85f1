import sharp from 'sharp';
import { testDb } from '../../test/database.ts';
import { bearer } from '../../test/app.ts';
import { insertCategory, insertCity, insertOutlet, insertOwner } from '../../admin/testing.ts';
import { createContextInner } from '../../trpc/context.ts';
import { createCaller } from '../../trpc/app-router.ts';
import { resolveSession } from '../sessions/service.ts';

/**
 * Test data for the business modules (test code only): two master accounts A and B, each with an
 * outlet (A has two), each with a sub-account; and a helper that fills an outlet with every kind of
 * content the business pages manage, so tests can prove another owner cannot touch it.
 */

export interface BusinessWorld {
  refs: { categoryId: number; cityId: number };
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

export async function grant(businessOwnerId: number, outletId: number): Promise<void> {
  await testDb()('businessOwnerOutlets').insert({ businessOwnerId, outletId }).onConflict(['businessOwnerId', 'outletId']).ignore();
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

/** A tRPC caller signed in as a business account. */
export async function businessCaller(ownerId: number) {
  const { Authorization } = await bearer('business', ownerId);
  const principal = await resolveSession(Authorization.slice(7));
  return createCaller(createContextInner({ principal }));
}

export const png = (width = 64, height = 48, background = '#c05010') =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/** An IST date `days` from 2026-11-21 (the tests' clock is set around that day). */
export const FUTURE_DATE = '2026-12-24';

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
