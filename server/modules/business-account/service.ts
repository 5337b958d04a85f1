import type { Knex } from 'knex';
import { badRequest, notFound } from '../../lib/errors.ts';
import { deleteImageVariants, processImage, storeImage, type ProcessedImage } from '../../lib/images.ts';
import { assertOutletAccess, OUTLET_NOT_FOUND } from '../../lib/outlet-access.ts';
import { runtime } from '../../lib/runtime.ts';
import { getLiveOffer } from '../offers/service.ts';
import { setOutletDiscount } from '../discounts/service.ts';
import { updateBusinessOwner } from '../business-owners/service.ts';
import { lockOutlet, outletContactColumns, refreshSearchTokens, updateOutlet, type OutletContact, type OutletPatch } from '../outlets/service.ts';
import {
  ACCOUNT_MESSAGES,
  CERTIFICATE_WIDTHS,
  MAX_MENU_TITLES,
  MAX_PHOTOS_PER_MENU,
  MAX_PHOTOS_PER_SUB_CATEGORY,
  PHOTO_WIDTHS,
  UPLOAD_MAX_BYTES,
  type BusinessMenu,
  type BusinessOverview,
  type BusinessPhoto,
  type BusinessProfile,
  type DeleteMenuInput,
  type DeleteMenuPhotoInput,
  type DeletePhotoInput,
  type DiscountStatus,
  type GstinDetails,
  type ListPhotosInput,
  type SaveMenuInput,
  type SetDiscountInput,
  type SwapMenuInput,
  type SwapPhotosInput,
  type UpdateGstinInput,
  type UpdateOverviewInput,
  type UpdateProfileInput,
  type UploadMenuPhotoInput,
  type UploadPhotoInput,
} from './schema.ts';
import type { BusinessOwnerRow, OutletRow } from '../../db/tables.ts';

/**
 * An outlet owner's account (docs/business.md). Every function takes the calling account's id and
 * checks the outlet with `assertOutletAccess` before touching it; writes run in one transaction, and an
 * upload is checked and re-encoded before anything is written (a bad file stores nothing).
 */

// ---------------------------------------------------------------- profile

export async function getProfile(ownerId: number, outletId: number): Promise<BusinessProfile> {
  await assertOutletAccess(ownerId, outletId);
  const { db } = runtime();
  const owner = await db('businessOwners')
    .where({ id: ownerId })
    .first('id', 'username', 'name', 'phoneNumber', 'email', 'pan', 'designation', 'isMaster', 'masterId');
  const outlet = await db('outlets as o')
    .join('categories as c', 'c.id', 'o.categoryId')
    .join('cities as ci', 'ci.id', 'o.cityId')
    .where('o.id', outletId)
    .first<ProfileOutletRow | undefined>('o.id', 'o.name', ...outletContactColumns('o'), 'o.isLive', 'o.gstStatus', 'c.name as category', 'ci.name as city');
  // assertOutletAccess has just read both.
  if (!owner || !outlet) throw notFound(OUTLET_NOT_FOUND);
  return {
    owner,
    outlet: { ...outlet, opensAt: outlet.opensAt.slice(0, 5), closesAt: outlet.closesAt.slice(0, 5) },
  };
}

type ProfileOutletRow = Pick<OutletRow, 'id' | 'name' | 'isLive' | 'gstStatus'> & OutletContact & { category: string; city: string };

/** The owner's own name, email and designation, and the outlet's phone, hours and landmark. */
export async function updateProfile(ownerId: number, input: UpdateProfileInput): Promise<BusinessProfile> {
  await assertOutletAccess(ownerId, input.outletId);
  const { db, now } = runtime();
  await db.transaction(async (trx) => {
    const owner: Partial<Pick<BusinessOwnerRow, 'name' | 'email' | 'designation'>> = {};
    if (input.name !== undefined) owner.name = input.name;
    if (input.email !== undefined) owner.email = input.email;
    if (input.designation !== undefined) owner.designation = input.designation || null;
    if (Object.keys(owner).length) await updateBusinessOwner(trx, ownerId, owner, now());
    const outlet: OutletPatch = {};
    if (input.outletPhoneNumber !== undefined) outlet.phoneNumber = input.outletPhoneNumber;
    if (input.opensAt !== undefined) outlet.opensAt = input.opensAt;
    if (input.closesAt !== undefined) outlet.closesAt = input.closesAt;
    if (input.landmark !== undefined) outlet.landmark = input.landmark || null;
    if (Object.keys(outlet).length) await updateOutlet(trx, input.outletId, outlet);
  });
  return getProfile(ownerId, input.outletId);
}

// ---------------------------------------------------------------- discount button

export async function getDiscount(ownerId: number, outletId: number): Promise<DiscountStatus> {
  await assertOutletAccess(ownerId, outletId);
  const row = await runtime().db('outletDiscounts').where({ outletId }).first('discountPercent', 'isLive', 'updatedAt');
  return {
    outletId,
    discountPercent: row?.discountPercent ?? 0,
    isLive: row?.isLive ?? false,
    updatedAt: row?.updatedAt ?? null,
    liveOffer: await getLiveOffer(outletId),
  };
}

/** The "discount button": the outlet's standing discount and whether it is switched on. */
export async function setDiscount(ownerId: number, input: SetDiscountInput): Promise<DiscountStatus> {
  await assertOutletAccess(ownerId, input.outletId);
  const { db, now } = runtime();
  await setOutletDiscount(db, input.outletId, { discountPercent: input.discount, isLive: input.liveStatus, updatedById: ownerId }, now());
  return getDiscount(ownerId, input.outletId);
}

// ---------------------------------------------------------------- overview

export async function getOverview(ownerId: number, outletId: number): Promise<BusinessOverview> {
  await assertOutletAccess(ownerId, outletId);
  const { db } = runtime();
  const [row, outlet] = await Promise.all([
    db('outletOverviews').where({ outletId }).first(),
    db('outlets').where({ id: outletId }).first('isVeg', 'cuisines', 'dishes'),
  ]);
  return {
    outletId,
    about: row?.about ?? '',
    costForTwoPaise: row?.costForTwoPaise ?? null,
    highlights: row?.highlights ?? [],
    isVeg: outlet?.isVeg ?? false,
    cuisines: outlet?.cuisines ?? [],
    dishes: outlet?.dishes ?? [],
    updatedAt: row?.updatedAt ?? null,
  };
}

/**
 * Changes only the fields given (docs/business.md): undefined keeps the stored value, null clears it.
 * An outlet's first write fills the fields not given with their empty values.
 */
export async function updateOverview(ownerId: number, input: UpdateOverviewInput): Promise<BusinessOverview> {
  await assertOutletAccess(ownerId, input.outletId);
  const { db, now } = runtime();
  const changes: { about?: string; costForTwoPaise?: number | null; highlights?: string } = {};
  if (input.about !== undefined) changes.about = input.about ?? '';
  if (input.costForTwoPaise !== undefined) changes.costForTwoPaise = input.costForTwoPaise;
  if (input.highlights !== undefined) changes.highlights = JSON.stringify([...new Set(input.highlights ?? [])]);
  const changed = Object.keys(changes) as (keyof typeof changes)[];
  // The outlet's own attributes (veg, cuisines, dishes) go through the outlets service, its one writer.
  const attributes: OutletPatch = {};
  if (input.isVeg !== undefined) attributes.isVeg = input.isVeg;
  if (input.cuisines !== undefined) attributes.cuisines = input.cuisines ?? [];
  if (input.dishes !== undefined) attributes.dishes = input.dishes ?? [];
  if (changed.length === 0 && Object.keys(attributes).length === 0) return getOverview(ownerId, input.outletId);
  await db.transaction(async (trx) => {
    if (changed.length) {
      await trx('outletOverviews')
        .insert({
          outletId: input.outletId,
          about: changes.about ?? '',
          costForTwoPaise: changes.costForTwoPaise ?? null,
          highlights: changes.highlights ?? '[]',
          updatedAt: now(),
        })
        .onConflict('outletId')
        .merge([...changed, 'updatedAt']);
    }
    if (Object.keys(attributes).length) await updateOutlet(trx, input.outletId, attributes);
  });
  return getOverview(ownerId, input.outletId);
}

// ---------------------------------------------------------------- uploads

/** Checks and re-encodes an upload; a refusal is a 400 with the reason, and nothing is stored. */
async function checkedImage(file: Buffer | null, failed: string, field: string, widths: readonly number[]): Promise<ProcessedImage> {
  if (!file) throw badRequest(`${failed}: ${ACCOUNT_MESSAGES.noFile.toLowerCase()}`, { [field]: ACCOUNT_MESSAGES.noFile });
  try {
    return await processImage(file, { maxBytes: UPLOAD_MAX_BYTES, widths: [...widths] });
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'the picture could not be read';
    throw badRequest(`${failed}: ${reason}`, { [field]: reason });
  }
}

/** Stores the variants, runs `write` in a transaction, and removes the stored files if it fails. */
async function storeThenWrite<T>(image: ProcessedImage, prefix: string, widths: readonly number[], write: (trx: Knex.Transaction, key: string) => Promise<T>): Promise<T> {
  const stored = await storeImage(image, prefix);
  try {
    return await runtime().db.transaction((trx) => write(trx, stored.key));
  } catch (error) {
    await deleteImageVariants(stored.key, widths).catch(() => undefined);
    throw error;
  }
}

const dropFiles = (keys: string[], widths: readonly number[]) => {
  const { logger } = runtime();
  for (const key of keys) {
    deleteImageVariants(key, widths).catch((err: unknown) => logger.warn({ err }, 'an old upload was not deleted'));
  }
};

// ---------------------------------------------------------------- photos

export async function listPhotos(ownerId: number, input: ListPhotosInput): Promise<BusinessPhoto[]> {
  await assertOutletAccess(ownerId, input.outletId);
  const { db, storage } = runtime();
  const rows: { id: number; subCategory: string; position: number; storageKey: string; width: number; height: number }[] = await db('outletPhotos')
    .where({ outletId: input.outletId })
    .modify((q) => {
      if (input.subCategory) q.where({ subCategory: input.subCategory });
    })
    .orderBy([{ column: 'subCategory' }, { column: 'position' }])
    .select('id', 'subCategory', 'position', 'storageKey', 'width', 'height');
  return rows.map((r) => ({
    id: r.id,
    subCategory: r.subCategory,
    index: r.position,
    url: storage.url(r.storageKey),
    width: r.width,
    height: r.height,
  }));
}

/** Appends a photo to a sub-category. */
export async function uploadPhoto(ownerId: number, input: UploadPhotoInput, file: Buffer | null): Promise<BusinessPhoto[]> {
  await assertOutletAccess(ownerId, input.outletId);
  const image = await checkedImage(file, ACCOUNT_MESSAGES.photoFailed, 'photo', PHOTO_WIDTHS);
  await storeThenWrite(image, `outlets/${input.outletId}/photos/${input.subCategory}`, PHOTO_WIDTHS, async (trx, key) => {
    // Lock the outlet row: two uploads at once get distinct positions.
    await lockOutlet(trx, input.outletId);
    const positions = await trx('outletPhotos').where({ outletId: input.outletId, subCategory: input.subCategory }).pluck('position');
    if (positions.length >= MAX_PHOTOS_PER_SUB_CATEGORY) throw badRequest(ACCOUNT_MESSAGES.tooManyPhotos, { photo: ACCOUNT_MESSAGES.tooManyPhotos });
    await trx('outletPhotos').insert({
      outletId: input.outletId,
      subCategory: input.subCategory,
      position: nextPosition(positions),
      storageKey: key,
      width: image.variants[0]!.width,
      height: image.variants[0]!.height,
    });
  });
  return listPhotos(ownerId, { outletId: input.outletId, subCategory: input.subCategory });
}

/** The position after the last one (0 for an empty list). */
const nextPosition = (positions: readonly number[]) => (positions.length ? Math.max(...positions) + 1 : 0);

/** Renumbers a list's positions 0…n−1 in the current order (deferrable unique key). */
async function renumber(trx: Knex.Transaction, table: 'outletPhotos' | 'menuPhotos' | 'menus', column: 'position' | 'titleSeq', constraint: string, ids: number[], base = 0) {
  await trx.raw(`SET CONSTRAINTS ${constraint} DEFERRED`);
  for (let i = 0; i < ids.length; i++) await trx(table).where({ id: ids[i] }).update({ [column]: base + i });
}

/** Deletes the photo at `index` of a sub-category; the later ones move up. */
export async function deletePhoto(ownerId: number, input: DeletePhotoInput): Promise<BusinessPhoto[]> {
  await assertOutletAccess(ownerId, input.outletId);
  const key = await runtime().db.transaction(async (trx) => {
    const rows = await trx('outletPhotos')
      .where({ outletId: input.outletId, subCategory: input.subCategory })
      .orderBy('position')
      .forUpdate()
      .select('id', 'position', 'storageKey');
    const target = rows.find((r) => r.position === input.index);
    if (!target) throw notFound(ACCOUNT_MESSAGES.photoNotFound);
    await trx('outletPhotos').where({ id: target.id }).delete();
    await renumber(trx, 'outletPhotos', 'position', 'outlet_photos_outlet_id_sub_category_position_unique', rows.filter((r) => r.id !== target.id).map((r) => r.id));
    return target.storageKey;
  });
  dropFiles([key], PHOTO_WIDTHS);
  return listPhotos(ownerId, { outletId: input.outletId, subCategory: input.subCategory });
}

export async function swapPhotos(ownerId: number, input: SwapPhotosInput): Promise<BusinessPhoto[]> {
  await assertOutletAccess(ownerId, input.outletId);
  await runtime().db.transaction(async (trx) => {
    const rows = await trx('outletPhotos')
      .where({ outletId: input.outletId, subCategory: input.subCategory })
      .whereIn('position', [input.from, input.to])
      .forUpdate()
      .select('id', 'position');
    const a = rows.find((r) => r.position === input.from);
    const b = rows.find((r) => r.position === input.to);
    if (!a || !b) throw notFound(ACCOUNT_MESSAGES.photoNotFound);
    await trx.raw('SET CONSTRAINTS outlet_photos_outlet_id_sub_category_position_unique DEFERRED');
    await trx('outletPhotos').where({ id: a.id }).update({ position: input.to });
    await trx('outletPhotos').where({ id: b.id }).update({ position: input.from });
  });
  return listPhotos(ownerId, { outletId: input.outletId, subCategory: input.subCategory });
}

// ---------------------------------------------------------------- menu

/** The outlet's menu titles in sequence with their photos; an empty placeholder title is created when there is none (SPEC §3). */
export async function listMenu(ownerId: number, outletId: number): Promise<BusinessMenu[]> {
  await assertOutletAccess(ownerId, outletId);
  const { db, storage } = runtime();
  type MenuRow = { id: number; title: string; titleSeq: number };
  let menus: MenuRow[] = await db('menus').where({ outletId }).orderBy('titleSeq').select('id', 'title', 'titleSeq');
  if (!menus.length) {
    menus = await db.transaction(async (trx): Promise<MenuRow[]> => {
      // The outlet row lock makes two first visits create one placeholder, not two.
      await lockOutlet(trx, outletId);
      if (!(await trx('menus').where({ outletId }).first('id'))) await trx('menus').insert({ outletId, title: '', titleSeq: 0 });
      return trx('menus').where({ outletId }).orderBy('titleSeq').select('id', 'title', 'titleSeq');
    });
  }
  const photos = await db('menuPhotos')
    .whereIn('menuId', menus.map((m) => m.id))
    .orderBy([{ column: 'menuId' }, { column: 'position' }])
    .select('menuId', 'position', 'storageKey', 'width', 'height');
  return menus.map((m) => ({
    id: m.id,
    outletId,
    title: m.title,
    titleSeq: m.titleSeq,
    photos: photos
      .filter((p) => p.menuId === m.id)
      .map((p) => ({ index: p.position, url: storage.url(p.storageKey), width: p.width, height: p.height })),
  }));
}

async function ownMenu(trx: Knex, outletId: number, menuId: number, lock = false) {
  const q = trx('menus').where({ id: menuId, outletId });
  if (lock) q.forUpdate();
  const menu = await q.first('id', 'title', 'titleSeq');
  if (!menu) throw notFound(ACCOUNT_MESSAGES.menuNotFound);
  return menu;
}

/** A new title at the end, or (with menuId) a rename. An empty placeholder is filled in rather than duplicated. */
export async function saveMenu(ownerId: number, input: SaveMenuInput): Promise<BusinessMenu[]> {
  await assertOutletAccess(ownerId, input.outletId);
  const { db, now } = runtime();
  await db.transaction(async (trx) => {
    await lockOutlet(trx, input.outletId);
    if (input.menuId) {
      await ownMenu(trx, input.outletId, input.menuId, true);
      await trx('menus').where({ id: input.menuId }).update({ title: input.title, updatedAt: now() });
    } else {
      const menus = await trx('menus').where({ outletId: input.outletId }).orderBy('titleSeq').select('id', 'title', 'titleSeq');
      const placeholder = menus.length === 1 && menus[0]!.title === '' ? menus[0] : null;
      if (placeholder) {
        await trx('menus').where({ id: placeholder.id }).update({ title: input.title, updatedAt: now() });
      } else {
        if (menus.length >= MAX_MENU_TITLES) throw badRequest(`At most ${MAX_MENU_TITLES} menu titles`, { title: `At most ${MAX_MENU_TITLES} menu titles` });
        const next = menus.length ? Math.max(...menus.map((m) => m.titleSeq)) + 1 : 0;
        await trx('menus').insert({ outletId: input.outletId, title: input.title, titleSeq: next });
      }
    }
    // Menu section titles are searched (docs/discovery.md "Search").
    await refreshSearchTokens(trx, [input.outletId]);
  });
  return listMenu(ownerId, input.outletId);
}

export async function deleteMenu(ownerId: number, input: DeleteMenuInput): Promise<BusinessMenu[]> {
  await assertOutletAccess(ownerId, input.outletId);
  const keys = await runtime().db.transaction(async (trx) => {
    await ownMenu(trx, input.outletId, input.menuId, true);
    const photoKeys = (await trx('menuPhotos').where({ menuId: input.menuId }).select('storageKey')).map((p) => p.storageKey);
    await trx('menus').where({ id: input.menuId }).delete();
    const rest = await trx('menus').where({ outletId: input.outletId }).orderBy('titleSeq').select('id');
    await renumber(trx, 'menus', 'titleSeq', 'menus_outlet_id_title_seq_unique', rest.map((r) => r.id));
    await refreshSearchTokens(trx, [input.outletId]);
    return photoKeys;
  });
  dropFiles(keys, PHOTO_WIDTHS);
  return listMenu(ownerId, input.outletId);
}

export async function uploadMenuPhoto(ownerId: number, input: UploadMenuPhotoInput, file: Buffer | null): Promise<BusinessMenu[]> {
  await assertOutletAccess(ownerId, input.outletId);
  await ownMenu(runtime().db, input.outletId, input.menuId);
  const image = await checkedImage(file, ACCOUNT_MESSAGES.menuFailed, 'photo', PHOTO_WIDTHS);
  await storeThenWrite(image, `outlets/${input.outletId}/menu/${input.menuId}`, PHOTO_WIDTHS, async (trx, key) => {
    await ownMenu(trx, input.outletId, input.menuId, true);
    const positions = await trx('menuPhotos').where({ menuId: input.menuId }).pluck('position');
    if (positions.length >= MAX_PHOTOS_PER_MENU) throw badRequest(ACCOUNT_MESSAGES.tooManyPhotos, { photo: ACCOUNT_MESSAGES.tooManyPhotos });
    await trx('menuPhotos').insert({
      menuId: input.menuId,
      position: nextPosition(positions),
      storageKey: key,
      width: image.variants[0]!.width,
      height: image.variants[0]!.height,
    });
  });
  return listMenu(ownerId, input.outletId);
}

export async function deleteMenuPhoto(ownerId: number, input: DeleteMenuPhotoInput): Promise<BusinessMenu[]> {
  await assertOutletAccess(ownerId, input.outletId);
  const key = await runtime().db.transaction(async (trx) => {
    await ownMenu(trx, input.outletId, input.menuId, true);
    const rows = await trx('menuPhotos').where({ menuId: input.menuId }).orderBy('position').select('id', 'position', 'storageKey');
    const target = rows.find((r) => r.position === input.index);
    if (!target) throw notFound(ACCOUNT_MESSAGES.photoNotFound);
    await trx('menuPhotos').where({ id: target.id }).delete();
    await renumber(trx, 'menuPhotos', 'position', 'menu_photos_menu_id_position_unique', rows.filter((r) => r.id !== target.id).map((r) => r.id));
    return target.storageKey;
  });
  dropFiles([key], PHOTO_WIDTHS);
  return listMenu(ownerId, input.outletId);
}

/** Swaps two titles (positions in TITLE_SEQ order) or, with `menuId`, two photos of one menu. */
export async function swapMenu(ownerId: number, input: SwapMenuInput): Promise<BusinessMenu[]> {
  await assertOutletAccess(ownerId, input.outletId);
  await runtime().db.transaction(async (trx) => {
    if (input.menuId) {
      await ownMenu(trx, input.outletId, input.menuId, true);
      const rows = await trx('menuPhotos').where({ menuId: input.menuId }).whereIn('position', [input.from, input.to]).select('id', 'position');
      const a = rows.find((r) => r.position === input.from);
      const b = rows.find((r) => r.position === input.to);
      if (!a || !b) throw notFound(ACCOUNT_MESSAGES.photoNotFound);
      await trx.raw('SET CONSTRAINTS menu_photos_menu_id_position_unique DEFERRED');
      await trx('menuPhotos').where({ id: a.id }).update({ position: input.to });
      await trx('menuPhotos').where({ id: b.id }).update({ position: input.from });
      return;
    }
    const menus = await trx('menus').where({ outletId: input.outletId }).orderBy('titleSeq').forUpdate().select('id', 'titleSeq');
    const a = menus[input.from];
    const b = menus[input.to];
    if (!a || !b) throw notFound(ACCOUNT_MESSAGES.menuNotFound);
    await trx.raw('SET CONSTRAINTS menus_outlet_id_title_seq_unique DEFERRED');
    await trx('menus').where({ id: a.id }).update({ titleSeq: b.titleSeq });
    await trx('menus').where({ id: b.id }).update({ titleSeq: a.titleSeq });
  });
  return listMenu(ownerId, input.outletId);
}

// ---------------------------------------------------------------- GSTIN

export async function getGstin(ownerId: number, outletId: number): Promise<GstinDetails> {
  await assertOutletAccess(ownerId, outletId);
  const { db, storage } = runtime();
  const row = await db('outlets').where({ id: outletId }).first('gstin', 'gstStatus', 'gstCertificateKey', 'gstAckNumber');
  if (!row) throw notFound(OUTLET_NOT_FOUND);
  return {
    outletId,
    gstin: row.gstin,
    status: row.gstStatus,
    certificateUrl: row.gstCertificateKey ? storage.url(row.gstCertificateKey) : null,
    ackNumber: row.gstAckNumber,
  };
}

/**
 * The GSTIN (format + checksum) with its proof (SPEC §5): a certificate image makes the status
 * `verified` (a document on file); only the acknowledgment number makes it `pending`. Neither, and no
 * certificate already on file → 400.
 */
export async function updateGstin(ownerId: number, input: UpdateGstinInput, certificate: Buffer | null): Promise<GstinDetails> {
  await assertOutletAccess(ownerId, input.outletId);
  const { db } = runtime();
  const current = await db('outlets').where({ id: input.outletId }).first('gstCertificateKey');
  if (!certificate && !input.ackNumber && !current?.gstCertificateKey) {
    throw badRequest(ACCOUNT_MESSAGES.gstDocumentNeeded, { certificate: ACCOUNT_MESSAGES.gstDocumentNeeded });
  }
  if (certificate) {
    const image = await checkedImage(certificate, ACCOUNT_MESSAGES.certificateFailed, 'certificate', CERTIFICATE_WIDTHS);
    const old = await storeThenWrite(image, `outlets/${input.outletId}/gst`, CERTIFICATE_WIDTHS, async (trx, key) => {
      const before = await trx('outlets').where({ id: input.outletId }).forUpdate().first('gstCertificateKey');
      await updateOutlet(trx, input.outletId, { gstin: input.gstin, gstCertificateKey: key, gstAckNumber: input.ackNumber ?? null, gstStatus: 'verified' });
      return before?.gstCertificateKey ?? null;
    });
    if (old) dropFiles([old], CERTIFICATE_WIDTHS);
  } else if (current?.gstCertificateKey && !input.ackNumber) {
    await updateOutlet(db, input.outletId, { gstin: input.gstin, gstStatus: 'verified' });
  } else {
    await updateOutlet(db, input.outletId, { gstin: input.gstin, gstAckNumber: input.ackNumber, gstStatus: current?.gstCertificateKey ? 'verified' : 'pending' });
  }
  return getGstin(ownerId, input.outletId);
}
