import { testDb } from '../../test/database.ts';
import { FUTURE_DATE } from '../../test/factories.ts';

/**
 * The authorization matrix's fixtures (test code only): every kind of content an owner manages, written
 * into one outlet, and a snapshot of it to prove a refused call changed nothing. The business world
 * itself (two owners, their outlets and sub-accounts) is `businessWorld` in server/test/factories.ts.
 */

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

// Moved to server/test/factories.ts; re-exported for a branch written before the move (the route fuzz
// test). Import them from the factories; delete this line once that branch is merged.
export { businessWorld, grant, png } from '../../test/factories.ts';
