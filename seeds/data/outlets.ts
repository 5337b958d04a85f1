/**
 * The demo outlets as plain data: a pure function of a fixed PRNG seed and "today" (dated offers
 * are placed relative to the day the seed runs so the demo always has upcoming events).
 * The seed file maps city/category slugs to ids and inserts these.
 */
import type { OutletRow } from '../../server/db/tables.ts';
import { CATEGORIES, type CategoryKind } from './categories.ts';
import { CITIES, type CitySeed } from './cities.ts';
import { DEMO_OWNER_OUTLET_SLUGS } from './demo-logins.ts';
import { categoryImageKey, IMAGE_HEIGHT, IMAGE_WIDTH, menuImageKey, VARIANTS_PER_CATEGORY } from './images.ts';
import { CITY_GEO, LANDMARKS, type CityGeo, type Locality } from './localities.ts';
import { demoAttributes, type Attributes } from './attributes.ts';
import { ABOUT_TEMPLATES, fillTemplate, HIGHLIGHTS, HOURS, MENU_TITLES, NAME_MAKERS, SPECIALTIES } from './names.ts';
import { createRng, type Rng } from './random.ts';
import { addDays, isoDayOfWeek, slugify } from './util.ts';

export const DEMO_SEED = 'bachat-demo-v1';

export type AdType = 'R' | 'D' | 'E' | 'Highlight';

export interface PhotoSpec {
  subCategory: string;
  position: number;
  storageKey: string;
  width: number;
  height: number;
}

export interface MenuSpec {
  title: string;
  titleSeq: number;
  photos: Omit<PhotoSpec, 'subCategory'>[];
}

export interface EventSpec {
  name: string;
  eventDate: string;
  dayOfWeek: number;
  colorHash: string;
}

export interface PromotionSpec {
  adType: AdType;
  title: string;
  description: string | null;
  discountPercent: number | null;
  imageKey: string | null;
  /** The event (by name) an `E` promotion belongs to. */
  eventName: string | null;
  startsOn: string | null;
  endsOn: string | null;
}

export interface SlotSpec {
  adType: AdType;
  dayOfWeek: number | null;
  slotDate: string | null;
  startsAt: string;
  endsAt: string;
  /** The promotion (by title, unique per outlet) the slot belongs to. */
  promotionTitle: string | null;
  discountPercent: number | null;
}

/** A demo outlet: its `outlets` columns (db/tables.ts), where it is listed, and what it offers. */
export interface OutletSpec
  extends Pick<
    OutletRow,
    | 'name'
    | 'slug'
    | 'addressLineOne'
    | 'addressLineTwo'
    | 'landmark'
    | 'state'
    | 'pincode'
    | 'latitude'
    | 'longitude'
    | 'opensAt'
    | 'closesAt'
    | 'isLive'
    | 'shuffleMinPercent'
    | 'shuffleMaxPercent'
  > {
  citySlug: string;
  categorySlug: string;
  phoneNumber: string;
  /** One of the demo owner's outlets (index into DEMO_OWNER_OUTLET_SLUGS), else null. */
  demoOwnerIndex: number | null;
  overview: { about: string; costForTwoPaise: number | null; highlights: string[] };
  discount: { discountPercent: number; isLive: boolean };
  photos: PhotoSpec[];
  menus: MenuSpec[];
  dayDiscounts: { dayOfWeek: number; discountPercent: number }[];
  events: EventSpec[];
  promotions: PromotionSpec[];
  slots: SlotSpec[];
  /** Pure veg, cuisines and dishes (issue 16): what shoppers filter and search on. */
  attributes: Attributes;
}

const CATEGORY_WEIGHTS: Readonly<Record<string, number>> = {
  restaurants: 26,
  cafes: 13,
  'bakeries-desserts': 10,
  'pubs-bars': 7,
  fashion: 10,
  jewellery: 4,
  electronics: 7,
  'salon-spa': 10,
  fitness: 5,
  groceries: 5,
  pharmacy: 3,
};

const EVENT_COLOURS = ['#E4572E', '#F59E0B', '#DB2777', '#7C3AED', '#16A34A', '#0EA5E9', '#DC2626'];

/** The demo owner's three outlets in Bengaluru, fully stocked with offers. */
const DEMO_OWNER_OUTLETS = [
  { name: 'Sri Krishna Udupi Grand', categorySlug: 'restaurants', locality: 'Jayanagar', hours: ['07:00', '22:30'] },
  { name: 'Kaapi Katte Koramangala', categorySlug: 'cafes', locality: 'Koramangala', hours: ['08:00', '23:00'] },
  { name: 'Krishna Sweets & Bakery', categorySlug: 'bakeries-desserts', locality: 'Indiranagar', hours: ['08:00', '22:30'] },
] as const;

const kindOf = (categorySlug: string): CategoryKind =>
  CATEGORIES.find((c) => c.slug === categorySlug)?.kind ?? 'retail';

// ---------------------------------------------------------------------------------------------
// Time helpers ('HH:MM' ⇄ minutes).

const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const toTime = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** '15:00' → '3 PM', '15:30' → '3:30 PM'. */
export function formatTime(t: string): string {
  const m = toMin(t);
  const h = Math.floor(m / 60);
  const min = m % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}${min ? `:${String(min).padStart(2, '0')}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * Moves a slot inside the outlet's opening hours (a slot never crosses midnight). Returns null when
 * less than an hour would be left.
 */
function fitSlot(opensAt: string, closesAt: string, startsAt: string, endsAt: string): [string, string] | null {
  const open = toMin(opensAt);
  const close = toMin(closesAt) <= open ? 24 * 60 - 1 : toMin(closesAt); // past midnight: until 23:59
  let start = toMin(startsAt);
  let end = toMin(endsAt);
  const length = end - start;
  if (start < open) {
    start = open;
    end = start + length;
  }
  if (end > close) end = close;
  if (end - start < 60) return null;
  return [toTime(start), toTime(end)];
}

const DAY_NAMES = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-12-05' → 'Sat 5 Dec'. */
function formatDate(date: string): string {
  return `${DAY_NAMES[isoDayOfWeek(date)]} ${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;
}

function describeDays(days: readonly number[]): string {
  if (days.length === 7) return 'Every day';
  if (days.length === 5 && days.every((d, i) => d === i + 1)) return 'Monday to Friday';
  if (days.length === 2 && days[0] === 6 && days[1] === 7) return 'Weekends';
  return days.map((d) => DAY_NAMES[d]).join(', ');
}

// ---------------------------------------------------------------------------------------------

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
}

function addressLineOne(rng: Rng, geo: CityGeo): string {
  const street = rng.pick(geo.streets);
  switch (rng.int(0, 4)) {
    case 0:
      return `No. ${rng.int(1, 250)}, ${ordinal(rng.int(1, 20))} Main Road`;
    case 1:
      return `${rng.int(1, 99)}/${rng.int(1, 12)}, ${street}`;
    case 2:
      return `Shop No. ${rng.int(1, 40)}, ${rng.pick(['Ground Floor', 'First Floor'])}, ${street}`;
    case 3:
      return `Plot ${rng.int(1, 180)}, ${ordinal(rng.int(1, 16))} Cross Road`;
    default:
      return `${rng.int(100, 999)}, ${street}`;
  }
}

/** A point within `maxKm` of the locality centre, rounded to 6 decimals (~10 cm). */
function jitter(rng: Rng, loc: Locality, maxKm: number): [number, number] {
  const r = maxKm * Math.sqrt(rng.next());
  const theta = rng.next() * 2 * Math.PI;
  const lat = loc.latitude + (r * Math.cos(theta)) / 111.32;
  const lng = loc.longitude + (r * Math.sin(theta)) / (111.32 * Math.cos((loc.latitude * Math.PI) / 180));
  return [Math.round(lat * 1e6) / 1e6, Math.round(lng * 1e6) / 1e6];
}

function costForTwoPaise(rng: Rng, categorySlug: string): number | null {
  const rupees: Record<string, [number, number]> = {
    restaurants: [300, 2000],
    cafes: [300, 900],
    'bakeries-desserts': [200, 600],
    'pubs-bars': [1200, 3000],
  };
  const range = rupees[categorySlug];
  if (!range) return null;
  return rng.int(range[0] / 50, range[1] / 50) * 50 * 100;
}

interface Occupied {
  day: number;
  start: number;
  end: number;
}

interface BuildOptions {
  city: CitySeed;
  geo: CityGeo;
  categorySlug: string;
  locality: Locality;
  name: string;
  slug: string;
  hours: readonly [string, string];
  demoOwnerIndex: number | null;
  today: string;
}

/** Highlights only a vegetarian outlet may claim. */
export const VEG_ONLY_HIGHLIGHTS: ReadonlySet<string> = new Set(['Pure Veg']);

function buildOutlet(rng: Rng, o: BuildOptions): OutletSpec {
  const { city, geo, categorySlug, locality, today } = o;
  const kind = kindOf(categorySlug);
  const demo = o.demoOwnerIndex !== null;
  const [latitude, longitude] = jitter(rng, locality, 0.9);
  const [opensAt, closesAt] = o.hours;
  const is24h = opensAt === '00:00' && closesAt === '23:59';

  // Overview.
  const about = fillTemplate(rng.pick(ABOUT_TEMPLATES[kind] ?? []), {
    name: o.name,
    locality: locality.name,
    city: city.name,
    specialty: rng.pick(SPECIALTIES[categorySlug] ?? ['great service']),
    years: rng.int(3, 40),
  });
  // "Pure Veg" only where the outlet is (issue 28: a biryani house said it); filtered after the draw so
  // the rest of the generated data stays as it was.
  const veg = demoAttributes(o.slug, categorySlug, o.name).isVeg;
  let highlights = rng
    .sample(HIGHLIGHTS[categorySlug] ?? [], rng.int(3, 5))
    .filter((h) => h !== '24×7' && (veg || !VEG_ONLY_HIGHLIGHTS.has(h)));
  if (is24h) highlights = ['24×7', ...highlights];
  const baseDiscount = rng.int(5, 25);

  // Photos: a storefront first, then ambience and food/products.
  const photoCount = demo ? 4 : rng.int(2, 4);
  const subCategories = ['storefront', 'ambience', kind === 'food' ? 'food' : 'products'];
  const variants = rng.shuffle(Array.from({ length: VARIANTS_PER_CATEGORY }, (_, i) => i + 1));
  const positions: Record<string, number> = {};
  const photos: PhotoSpec[] = [];
  for (let i = 0; i < photoCount; i++) {
    const subCategory = i < subCategories.length ? subCategories[i]! : rng.pick(subCategories.slice(1));
    const position = positions[subCategory] ?? 0;
    positions[subCategory] = position + 1;
    photos.push({
      subCategory,
      position,
      storageKey: categoryImageKey(categorySlug, variants[i % variants.length]!),
      width: IMAGE_WIDTH,
      height: IMAGE_HEIGHT,
    });
  }

  // Menus for food places.
  const menus: MenuSpec[] = [];
  const titles = MENU_TITLES[categorySlug];
  if (titles) {
    const chosen = rng.sample(titles, rng.int(2, Math.min(4, titles.length)));
    chosen.sort((a, b) => titles.indexOf(a) - titles.indexOf(b));
    chosen.forEach(([title, card], i) => {
      const menuPhotos = [{ position: 0, storageKey: menuImageKey(card), width: IMAGE_WIDTH, height: IMAGE_HEIGHT }];
      if (rng.chance(0.5)) {
        menuPhotos.push({
          position: 1,
          storageKey: categoryImageKey(categorySlug, rng.int(1, VARIANTS_PER_CATEGORY)),
          width: IMAGE_WIDTH,
          height: IMAGE_HEIGHT,
        });
      }
      menus.push({ title, titleSeq: i + 1, photos: menuPhotos });
    });
  }

  // Day discounts.
  const dayDiscounts: OutletSpec['dayDiscounts'] = [];
  if (demo || rng.chance(0.35)) {
    const days = rng.pick([[6, 7], [2], [1, 2, 3], [5, 6, 7], [3]] as const);
    const pct = Math.min(baseDiscount + rng.int(3, 10), 40);
    for (const d of days) dayDiscounts.push({ dayOfWeek: d, discountPercent: pct });
  }

  // Promotions and their time slots; a promotion whose slots would overlap another's is skipped.
  const promotions: PromotionSpec[] = [];
  const slots: SlotSpec[] = [];
  const events: EventSpec[] = [];
  const occupied: Occupied[] = [];
  const free = (day: number, start: number, end: number) =>
    !occupied.some((x) => x.day === day && start < x.end && x.start < end);
  const addTimed = (
    promo: Omit<PromotionSpec, 'description'> & { description?: string },
    days: readonly number[],
    slotDate: string | null,
    window: readonly [string, string],
  ): boolean => {
    const fitted = fitSlot(opensAt, closesAt, window[0], window[1]);
    if (!fitted) return false;
    const [startsAt, endsAt] = fitted;
    const s = toMin(startsAt);
    const e = toMin(endsAt);
    if (!days.every((d) => free(d, s, e))) return false;
    for (const d of days) occupied.push({ day: d, start: s, end: e });
    const when = `${slotDate ? formatDate(slotDate) : describeDays(days)}, ${formatTime(startsAt)} – ${formatTime(endsAt)}`;
    promotions.push({ ...promo, description: promo.description ?? `${when}, on your total bill.` });
    if (slotDate) {
      slots.push({ adType: promo.adType, dayOfWeek: null, slotDate, startsAt, endsAt, promotionTitle: promo.title, discountPercent: promo.discountPercent });
    } else {
      for (const d of days) {
        slots.push({ adType: promo.adType, dayOfWeek: d, slotDate: null, startsAt, endsAt, promotionTitle: promo.title, discountPercent: promo.discountPercent });
      }
    }
    return true;
  };
  const startsOn = addDays(today, -rng.int(0, 20));

  // D: daily offers (happy hours and the like).
  const dailyChance = kind === 'food' ? 0.4 : kind === 'service' ? 0.25 : 0.12;
  if (demo || rng.chance(dailyChance)) {
    const pct = Math.min(baseDiscount + rng.int(5, 12), 45);
    const everyDay = [1, 2, 3, 4, 5, 6, 7];
    const weekdays = [1, 2, 3, 4, 5];
    const d = ((): { title: string; days: number[]; window: [string, string] } => {
      switch (categorySlug) {
        case 'pubs-bars':
          return { title: `Happy Hours: ${pct}% off`, days: weekdays, window: rng.pick([['15:00', '19:00'], ['16:00', '20:00']]) };
        case 'restaurants':
        case 'cafes':
          return { title: `Happy Hours: ${pct}% off`, days: rng.chance(0.5) ? everyDay : weekdays, window: ['15:00', '18:00'] };
        case 'bakeries-desserts':
          return { title: `Evening Bake Sale: ${pct}% off`, days: everyDay, window: ['19:00', '22:00'] };
        case 'salon-spa':
          return { title: `Early Bird: ${pct}% off`, days: weekdays, window: ['10:00', '13:00'] };
        case 'fitness':
          return { title: `Off-Peak Hours: ${pct}% off`, days: [1, 2, 3, 4, 5, 6], window: ['11:00', '16:00'] };
        default:
          return { title: `Afternoon Saver: ${pct}% off`, days: weekdays, window: ['13:00', '16:00'] };
      }
    })();
    addTimed(
      { adType: 'D', title: d.title, discountPercent: pct, imageKey: null, eventName: null, startsOn, endsOn: null },
      d.days,
      null,
      d.window,
    );
  }

  // R: regular weekly slots.
  if (demo || rng.chance(0.22)) {
    const pct = Math.min(baseDiscount + rng.int(3, 8), 40);
    const r = ((): { title: string; days: number[]; window: [string, string] } => {
      switch (categorySlug) {
        case 'restaurants':
          return { title: `Weekday Lunch: ${pct}% off`, days: [1, 2, 3, 4], window: ['12:00', '14:30'] };
        case 'pubs-bars':
          return { title: `Weekend Brunch: ${pct}% off`, days: [6, 7], window: ['12:00', '15:00'] };
        case 'cafes':
          return { title: `Breakfast Club: ${pct}% off`, days: [1, 2, 3, 4, 5], window: ['08:00', '11:00'] };
        case 'bakeries-desserts':
          return { title: `Morning Fresh Bake: ${pct}% off`, days: [1, 3, 5], window: ['08:00', '11:00'] };
        case 'salon-spa':
          return { title: `Tuesday Treat: ${pct}% off`, days: [2], window: ['14:00', '19:00'] };
        case 'fitness':
          return { title: `Weekend Warriors: ${pct}% off`, days: [6, 7], window: ['06:00', '10:00'] };
        default:
          return { title: `Midweek Madness: ${pct}% off`, days: [3], window: ['17:00', '21:00'] };
      }
    })();
    addTimed(
      { adType: 'R', title: r.title, discountPercent: pct, imageKey: null, eventName: null, startsOn, endsOn: null },
      r.days,
      null,
      r.window,
    );
  }

  // Highlight: a featured banner.
  if (demo || rng.chance(0.15)) {
    const title = rng.pick([
      `Flat ${baseDiscount}% off on every bill`,
      `New on Bachat: ${baseDiscount}% off`,
      `Festive Offer: ${baseDiscount}% off your bill`,
      `Pay with Bachat, save ${baseDiscount}%`,
    ]);
    promotions.push({
      adType: 'Highlight',
      title,
      description: `Pay your bill at ${o.name} through Bachat and save ${baseDiscount}% instantly.`,
      discountPercent: baseDiscount,
      imageKey: categoryImageKey(categorySlug, rng.int(1, VARIANTS_PER_CATEGORY)),
      eventName: null,
      startsOn: today,
      endsOn: addDays(today, rng.int(30, 90)),
    });
  }

  // E: a dated event with its own promotion and slot.
  if (demo || rng.chance(0.05)) {
    const eventDate = addDays(today, rng.int(3, 21));
    const pct = Math.min(baseDiscount + 10, 50);
    const [name, window] = ((): [string, [string, string]] => {
      switch (categorySlug) {
        case 'pubs-bars':
          return [rng.pick(['Live Music Night', 'Match Screening', 'Karaoke Night']), ['20:30', '23:30']];
        case 'restaurants':
          return [rng.pick(['Festive Thali Festival', 'Biryani Festival', 'EVENT OFFERS']), ['19:00', '22:00']];
        case 'cafes':
          return [rng.pick(['Open Mic Evening', 'Coffee Tasting']), ['18:30', '21:30']];
        case 'bakeries-desserts':
          return ['Cake Carnival', ['11:00', '14:00']];
        case 'salon-spa':
          return ['Bridal Makeover Day', ['14:00', '19:00']];
        default:
          return [rng.pick(['Anniversary Sale', 'Festive Sale', 'EVENT OFFERS']), ['17:00', '21:00']];
      }
    })();
    const title = `${name === 'EVENT OFFERS' ? 'Event Offer' : name}: ${pct}% off`;
    const ok = addTimed(
      { adType: 'E', title, discountPercent: pct, imageKey: null, eventName: name, startsOn: eventDate, endsOn: eventDate },
      [isoDayOfWeek(eventDate)],
      eventDate,
      window,
    );
    if (ok) events.push({ name, eventDate, dayOfWeek: isoDayOfWeek(eventDate), colorHash: rng.pick(EVENT_COLOURS) });
  }

  const prefix = rng.pick(geo.phonePrefixes);
  return {
    citySlug: city.slug,
    categorySlug,
    name: o.name,
    slug: o.slug,
    addressLineOne: addressLineOne(rng, geo),
    addressLineTwo: locality.name,
    landmark: rng.chance(0.4) ? rng.pick(LANDMARKS) : null,
    state: city.state,
    pincode: locality.pincode,
    latitude,
    longitude,
    phoneNumber: `${prefix}${rng.int(10000, 99999)}`,
    opensAt,
    closesAt,
    isLive: demo || rng.chance(0.9),
    shuffleMinPercent: rng.int(2, 5),
    shuffleMaxPercent: rng.int(8, 20),
    demoOwnerIndex: o.demoOwnerIndex,
    overview: { about, costForTwoPaise: costForTwoPaise(rng, categorySlug), highlights },
    discount: { discountPercent: baseDiscount, isLive: demo || rng.chance(0.8) },
    photos,
    menus,
    dayDiscounts,
    events,
    promotions,
    slots,
    attributes: demoAttributes(o.slug, categorySlug, o.name),
  };
}

/**
 * A few well-known places shoppers search for by name (and misspell), generated with a PRNG of their
 * own after the rest, so the generated outlets are the same with or without them.
 */
const SIGNATURE_OUTLETS = [
  {
    city: 'bengaluru',
    name: 'Mavalli Tiffin Rooms',
    categorySlug: 'restaurants',
    locality: 'Basavanagudi',
    hours: ['06:30', '21:30'] as const,
    attributes: { isVeg: true, cuisines: ['South Indian', 'Udupi'], dishes: ['Rava Idli', 'Masala Dosa', 'Bisi Bele Bath', 'Filter Coffee', 'Chandrahara'] },
  },
  {
    city: 'bengaluru',
    name: 'Chai Point Indiranagar',
    categorySlug: 'cafes',
    locality: 'Indiranagar',
    hours: ['07:00', '23:00'] as const,
    attributes: { isVeg: true, cuisines: ['Tea', 'Street Food'], dishes: ['Masala Chai', 'Ginger Chai', 'Bun Maska', 'Samosa'] },
  },
] as const;

export function generateDemoOutlets(today: string): OutletSpec[] {
  const rng = createRng(DEMO_SEED);
  const categorySlugs = Object.keys(CATEGORY_WEIGHTS);
  const weights = categorySlugs.map((s) => CATEGORY_WEIGHTS[s]!);
  const out: OutletSpec[] = [];

  for (const city of CITIES) {
    const geo = CITY_GEO[city.slug];
    if (!geo) continue;
    const usedSlugs = new Set<string>();
    const usedNames = new Set<string>();

    if (city.slug === 'bengaluru') {
      DEMO_OWNER_OUTLETS.forEach((d, i) => {
        const locality = geo.localities.find((l) => l.name === d.locality)!;
        const slug = DEMO_OWNER_OUTLET_SLUGS[i]!;
        usedSlugs.add(slug);
        usedNames.add(d.name.toLowerCase());
        out.push(
          buildOutlet(rng, { city, geo, categorySlug: d.categorySlug, locality, name: d.name, slug, hours: d.hours, demoOwnerIndex: i, today }),
        );
      });
    }

    const count = geo.outlets - (city.slug === 'bengaluru' ? DEMO_OWNER_OUTLETS.length : 0);
    for (let i = 0; i < count; i++) {
      const categorySlug = rng.weighted(categorySlugs, weights);
      const locality = rng.pick(geo.localities);
      const makers = NAME_MAKERS[categorySlug]!;
      let name = '';
      for (let attempt = 0; attempt < 12; attempt++) {
        name = rng.pick(makers)(rng, locality.name);
        if (!usedNames.has(name.toLowerCase())) break;
      }
      if (usedNames.has(name.toLowerCase())) name = `${name} ${locality.name}`;
      usedNames.add(name.toLowerCase());
      let slug = slugify(name);
      if (usedSlugs.has(slug)) slug = `${slug}-${slugify(locality.name)}`;
      for (let n = 2; usedSlugs.has(slug); n++) slug = `${slugify(name)}-${n}`;
      usedSlugs.add(slug);
      const hours = rng.pick(HOURS[categorySlug]!);
      out.push(buildOutlet(rng, { city, geo, categorySlug, locality, name, slug, hours, demoOwnerIndex: null, today }));
    }
  }
  const signatureRng = createRng(`${DEMO_SEED}:signature`);
  for (const sig of SIGNATURE_OUTLETS) {
    const city = CITIES.find((c) => c.slug === sig.city);
    const geo = CITY_GEO[sig.city];
    const locality = geo?.localities.find((l) => l.name === sig.locality);
    if (!city || !geo || !locality) continue;
    const slug = slugify(sig.name);
    if (out.some((o) => o.citySlug === sig.city && o.slug === slug)) continue;
    const spec = buildOutlet(signatureRng, { city, geo, categorySlug: sig.categorySlug, locality, name: sig.name, slug, hours: sig.hours, demoOwnerIndex: null, today });
    out.push({ ...spec, isLive: true, attributes: { ...sig.attributes, cuisines: [...sig.attributes.cuisines], dishes: [...sig.attributes.dishes] } });
  }
  return out;
}
