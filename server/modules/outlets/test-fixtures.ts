import { testDb } from '../../test/database.ts';

/**
 * Test data for discovery: a few categories and cities, outlets at chosen points, and their offers.
 * Used by the outlets, offers, locations and search-history tests (test code only).
 */

export const CENTRE = { latitude: 12.9716, longitude: 77.5946 }; // Bengaluru, MG Road

let seq = 0;

export async function insertReference() {
  const db = testDb();
  const [food, fashion] = (await db('categories')
    .insert([
      { name: 'Restaurants', slug: 'restaurants', icon: '🍽️', sortOrder: 10 },
      { name: 'Fashion', slug: 'fashion', icon: '👗', sortOrder: 20 },
    ])
    .returning('id')) as { id: number }[];
  const [blr, mum] = (await db('cities')
    .insert([
      { name: 'Bengaluru', slug: 'bengaluru', state: 'Karnataka', latitude: 12.9716, longitude: 77.5946, sortOrder: 1 },
      { name: 'Mumbai', slug: 'mumbai', state: 'Maharashtra', latitude: 19.076, longitude: 72.8777, sortOrder: 2 },
    ])
    .returning('id')) as { id: number }[];
  return { food: food!.id, fashion: fashion!.id, blr: blr!.id, mum: mum!.id };
}

export type Ref = Awaited<ReturnType<typeof insertReference>>;

/** An outlet `km` kilometres north of CENTRE (or at an explicit point). */
export async function insertOutlet(
  ref: Ref,
  o: {
    name: string;
    km?: number;
    latitude?: number;
    longitude?: number;
    categoryId?: number;
    cityId?: number;
    locality?: string;
    isLive?: boolean;
    opensAt?: string;
    closesAt?: string;
    masterOutletId?: number | null;
  },
): Promise<number> {
  seq++;
  const latitude = o.latitude ?? CENTRE.latitude + (o.km ?? 0) / 111.2;
  const [row] = (await testDb()('outlets')
    .insert({
      name: o.name,
      slug: `${o.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${seq}`,
      categoryId: o.categoryId ?? ref.food,
      cityId: o.cityId ?? ref.blr,
      masterOutletId: o.masterOutletId ?? null,
      addressLineOne: `${seq}, 1st Main Road`,
      addressLineTwo: o.locality ?? 'MG Road',
      state: 'Karnataka',
      pincode: '560001',
      latitude,
      longitude: o.longitude ?? CENTRE.longitude,
      opensAt: o.opensAt ?? '09:00',
      closesAt: o.closesAt ?? '23:00',
      isLive: o.isLive ?? true,
    })
    .returning('id')) as { id: number }[];
  return row!.id;
}

export async function setBaseDiscount(outletId: number, discountPercent: number, isLive = true) {
  await testDb()('outletDiscounts').insert({ outletId, discountPercent, isLive });
}

export async function addDayDiscount(outletId: number, dayOfWeek: number, discountPercent: number) {
  await testDb()('dayDiscounts').insert({ outletId, dayOfWeek, discountPercent });
}

/** A promotion with one slot; returns the slot id. */
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
    const [e] = (await db('promotionEvents')
      .insert({ outletId, name: s.eventName ?? 'EVENT OFFERS', eventDate: s.slotDate!, dayOfWeek: isoDow(s.slotDate!), colorHash: '#FF6600' })
      .returning('id')) as { id: number }[];
    eventId = e!.id;
  }
  const [p] = (await db('promotions')
    .insert({ outletId, adType: s.adType, title: s.title, discountPercent: s.discountPercent, eventId, description: `${s.title} (test)` })
    .returning('id')) as { id: number }[];
  const [slot] = (await db('promotionTimeSlots')
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
    .returning('id')) as { id: number }[];
  return { slotId: slot!.id, promotionId: p!.id };
}

export async function addPhoto(outletId: number, subCategory: string, position: number, storageKey: string) {
  await testDb()('outletPhotos').insert({ outletId, subCategory, position, storageKey, width: 800, height: 600 });
}

export async function insertConsumer(name = 'Asha Rao'): Promise<number> {
  seq++;
  const [row] = (await testDb()('consumers')
    .insert({ phoneHash: `hash-${seq}`, phoneNumber: `98765${String(10000 + seq).slice(-5)}`, name, referralCode: `ME${String(1000 + seq)}` })
    .returning('id')) as { id: number }[];
  return row!.id;
}

function isoDow(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}
