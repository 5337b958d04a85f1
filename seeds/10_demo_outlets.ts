import type { Knex } from 'knex';
import { hashPassword } from '../server/lib/passwords.ts';
import { refreshSearchTokens } from '../server/modules/outlets/service.ts';
import type { SeedContext } from '../server/db/seed.ts';
import { DEMO_BUSINESS_OWNER, DEMO_BUSINESS_STAFF } from './data/demo-logins.ts';
import { allSeedImages } from './data/images.ts';
import { VEG_ONLY_HIGHLIGHTS, generateDemoOutlets, type OutletSpec } from './data/outlets.ts';
import { BATCH_SIZE, insertInBatches, todayInIndia } from './data/util.ts';

/**
 * Demo data: generated card images, the demo business owner (master + sub-account) and 240-odd
 * outlets over the seeded cities with overviews, photos, menus, discounts and promotions.
 *
 * Inserted once: the whole set is skipped when the demo owner's username exists (the set is created
 * in one transaction with it). Outlets are also inserted with ON CONFLICT (city_id, slug) DO NOTHING,
 * and only outlets this run inserted get content, so nobody's outlet is ever touched.
 */
export async function assets(ctx: SeedContext): Promise<void> {
  if (!ctx.demo) return;
  let written = 0;
  for (const image of allSeedImages()) {
    const existing = await ctx.storage.get(image.key);
    if (existing && existing.toString('utf8') === image.svg) continue;
    await ctx.storage.put(image.key, image.svg);
    written++;
  }
  if (written) ctx.log(`demo images: wrote ${written} files`);
}

type Id = number;

/**
 * Fixes to the demo data that reach an install seeded before them (a landed migration is never edited
 * for demo data): idempotent statements over the demo's own outlets (its cities and slugs), never an
 * outlet someone else created. A highlight only vegetarian outlets may claim ("Pure Veg") leaves the
 * demo outlets that are not vegetarian (issue 28: "Swastik Biryani House · Pure Veg").
 */
async function fixDemoData(db: Knex, ctx: SeedContext): Promise<void> {
  const cityIds = new Map(((await db('cities').select('id', 'slug')) as { id: Id; slug: string }[]).map((c) => [c.slug, c.id]));
  const specs = generateDemoOutlets(todayInIndia()).filter((s) => cityIds.has(s.citySlug));
  const fixed = await db.raw(
    `UPDATE outlet_overviews ov
        SET highlights = (SELECT coalesce(jsonb_agg(h ORDER BY n), '[]'::jsonb)
                            FROM jsonb_array_elements(ov.highlights) WITH ORDINALITY AS e(h, n)
                           WHERE NOT (h #>> '{}') = ANY(?::text[]))
       FROM outlets o
      WHERE ov.outlet_id = o.id AND NOT o.is_veg
        AND (o.city_id, o.slug) IN (SELECT * FROM unnest(?::bigint[], ?::text[]))
        AND jsonb_exists_any(ov.highlights, ?::text[])
  RETURNING ov.outlet_id`,
    [[...VEG_ONLY_HIGHLIGHTS], specs.map((s) => cityIds.get(s.citySlug)!), specs.map((s) => s.slug), [...VEG_ONLY_HIGHLIGHTS]],
  );
  const fixedCount = (fixed as { rows?: unknown[] }).rows?.length ?? 0;
  if (fixedCount) ctx.log(`demo outlets: "Pure Veg" taken off ${fixedCount} outlets that are not vegetarian`);
}

export async function seed(db: Knex, ctx: SeedContext): Promise<void> {
  if (!ctx.demo) return;
  const existingOwner = await db('business_owners')
    .whereRaw('lower(username) = lower(?)', [DEMO_BUSINESS_OWNER.username])
    .first('id');
  if (existingOwner) {
    ctx.log('demo outlets: already present, skipped');
    await fixDemoData(db, ctx);
    return;
  }

  const cityIds = new Map(
    ((await db('cities').select('id', 'slug')) as { id: Id; slug: string }[]).map((c) => [c.slug, c.id]),
  );
  const categoryIds = new Map(
    ((await db('categories').select('id', 'slug')) as { id: Id; slug: string }[]).map((c) => [c.slug, c.id]),
  );

  // People: the master account and its sub-account.
  const [ownerHash, staffHash] = await Promise.all([
    hashPassword(DEMO_BUSINESS_OWNER.password),
    hashPassword(DEMO_BUSINESS_STAFF.password),
  ]);
  const person = (p: typeof DEMO_BUSINESS_OWNER | typeof DEMO_BUSINESS_STAFF) => ({
    username: p.username,
    name: p.name,
    phoneNumber: p.phoneNumber,
    email: p.email,
    designation: p.designation,
  });
  const [master] = (await db('business_owners')
    .insert({ ...person(DEMO_BUSINESS_OWNER), pan: DEMO_BUSINESS_OWNER.pan, passwordHash: ownerHash, isMaster: true, masterId: null })
    .returning(['id'])) as { id: Id }[];
  const masterId = master!.id;
  let staffId: Id | null = null;
  const staffTaken = await db('business_owners')
    .whereRaw('lower(username) = lower(?)', [DEMO_BUSINESS_STAFF.username])
    .first('id');
  if (!staffTaken) {
    const [row] = (await db('business_owners')
      .insert({ ...person(DEMO_BUSINESS_STAFF), passwordHash: staffHash, isMaster: false, masterId })
      .returning(['id'])) as { id: Id }[];
    staffId = row!.id;
  }

  // Outlets.
  const specs = generateDemoOutlets(todayInIndia()).filter(
    (s) => cityIds.has(s.citySlug) && categoryIds.has(s.categorySlug),
  );
  const specByKey = new Map<string, OutletSpec>();
  const outletRows = specs.map((s) => {
    const cityId = cityIds.get(s.citySlug)!;
    specByKey.set(`${cityId}:${s.slug}`, s);
    return {
      name: s.name,
      slug: s.slug,
      categoryId: categoryIds.get(s.categorySlug)!,
      cityId,
      ownerId: s.demoOwnerIndex !== null ? masterId : null,
      addressLineOne: s.addressLineOne,
      addressLineTwo: s.addressLineTwo,
      landmark: s.landmark,
      state: s.state,
      pincode: s.pincode,
      latitude: s.latitude,
      longitude: s.longitude,
      phoneNumber: s.phoneNumber,
      opensAt: s.opensAt,
      closesAt: s.closesAt,
      isLive: s.isLive,
      shuffleMinPercent: s.shuffleMinPercent,
      shuffleMaxPercent: s.shuffleMaxPercent,
      isVeg: s.attributes.isVeg,
      cuisines: s.attributes.cuisines,
      dishes: s.attributes.dishes,
    };
  });
  const inserted: { id: Id; spec: OutletSpec }[] = [];
  for (let i = 0; i < outletRows.length; i += BATCH_SIZE) {
    const rows = (await db('outlets')
      .insert(outletRows.slice(i, i + BATCH_SIZE))
      .onConflict(['cityId', 'slug'])
      .ignore()
      .returning(['id', 'cityId', 'slug'])) as { id: Id; cityId: Id; slug: string }[];
    for (const r of rows) inserted.push({ id: r.id, spec: specByKey.get(`${r.cityId}:${r.slug}`)! });
  }
  if (inserted.length < specs.length) {
    ctx.log(`demo outlets: ${specs.length - inserted.length} already existed (same city and slug), left as they are`);
  }

  // Content of the outlets inserted above.
  const overviews: Record<string, unknown>[] = [];
  const discounts: Record<string, unknown>[] = [];
  const photos: Record<string, unknown>[] = [];
  const menus: Record<string, unknown>[] = [];
  const dayDiscounts: Record<string, unknown>[] = [];
  const events: Record<string, unknown>[] = [];
  const grants: Record<string, unknown>[] = [];
  for (const { id: outletId, spec } of inserted) {
    const demoOwned = spec.demoOwnerIndex !== null;
    overviews.push({
      outletId,
      about: spec.overview.about,
      costForTwoPaise: spec.overview.costForTwoPaise,
      highlights: JSON.stringify(spec.overview.highlights),
    });
    discounts.push({ outletId, ...spec.discount, updatedById: demoOwned ? masterId : null });
    for (const p of spec.photos) photos.push({ outletId, ...p });
    for (const m of spec.menus) menus.push({ outletId, title: m.title, titleSeq: m.titleSeq });
    for (const d of spec.dayDiscounts) dayDiscounts.push({ outletId, ...d });
    for (const e of spec.events) events.push({ outletId, ...e });
    if (demoOwned) {
      grants.push({ businessOwnerId: masterId, outletId, grantedById: null });
      if (staffId !== null && spec.demoOwnerIndex! < 2) grants.push({ businessOwnerId: staffId, outletId, grantedById: masterId });
    }
  }
  const specById = new Map(inserted.map((o) => [o.id, o.spec]));

  await insertInBatches(db, 'outlet_overviews', overviews);
  await insertInBatches(db, 'outlet_discounts', discounts);
  await insertInBatches(db, 'outlet_photos', photos);
  await insertInBatches(db, 'day_discounts', dayDiscounts);
  await insertInBatches(db, 'business_owner_outlets', grants);

  const menuIds = await insertInBatches<{ id: Id; outletId: Id; titleSeq: number }>(db, 'menus', menus, [
    'id',
    'outletId',
    'titleSeq',
  ]);
  const menuPhotos: Record<string, unknown>[] = [];
  for (const m of menuIds) {
    const menu = specById.get(m.outletId)!.menus.find((x) => x.titleSeq === m.titleSeq)!;
    for (const p of menu.photos) menuPhotos.push({ menuId: m.id, ...p });
  }
  await insertInBatches(db, 'menu_photos', menuPhotos);

  const eventIds = await insertInBatches<{ id: Id; outletId: Id; name: string }>(db, 'promotion_events', events, [
    'id',
    'outletId',
    'name',
  ]);
  const eventId = new Map(eventIds.map((e) => [`${e.outletId}:${e.name}`, e.id]));
  const promotions: Record<string, unknown>[] = [];
  for (const { id: outletId, spec } of inserted) {
    for (const { eventName, ...p } of spec.promotions) {
      promotions.push({ outletId, ...p, eventId: eventName ? eventId.get(`${outletId}:${eventName}`)! : null });
    }
  }
  const promotionIds = await insertInBatches<{ id: Id; outletId: Id; title: string }>(
    db,
    'promotions',
    promotions,
    ['id', 'outletId', 'title'],
  );
  const promotionId = new Map(promotionIds.map((p) => [`${p.outletId}:${p.title}`, p.id]));
  const slots: Record<string, unknown>[] = [];
  for (const { id: outletId, spec } of inserted) {
    for (const { promotionTitle, ...s } of spec.slots) {
      slots.push({ outletId, ...s, promotionId: promotionTitle ? promotionId.get(`${outletId}:${promotionTitle}`)! : null });
    }
  }
  await insertInBatches(db, 'promotion_time_slots', slots);
  // What searches match (name, category, cuisines, dishes, menu titles), as the outlets service keeps it.
  await refreshSearchTokens(db, inserted.map((o) => o.id));


  ctx.log(
    `demo outlets: ${inserted.length} outlets, ${photos.length} photos, ${menus.length} menus, ` +
      `${promotions.length} promotions, ${slots.length} time slots`,
  );
}
