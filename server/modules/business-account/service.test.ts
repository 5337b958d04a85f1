import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { testDb } from '../../test/database.ts';
import { getLiveOffer } from '../offers/service.ts';
import { ACCOUNT_MESSAGES, gstinCheckChar, gstinSchema, isValidGstin, updateOverviewSchema } from './schema.ts';
import {
  deleteMenu,
  getDiscount,
  getGstin,
  getOverview,
  getProfile,
  listMenu,
  saveMenu,
  setDiscount,
  swapMenu,
  updateGstin,
  updateOverview,
  updateProfile,
} from './service.ts';
import { type BusinessWorld, png, businessApp } from '../../test/factories.ts';

useTestDatabase();

let w: BusinessWorld;
beforeEach(async () => {
  ({ w } = await businessApp()); // Monday 12:30 IST
});

describe('GSTIN', () => {
  it('checks the format and the mod-36 check character', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true);
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(gstinSchema.safeParse('27 aapfu0939f1zv').data).toBe('27AAPFU0939F1ZV');
    expect(gstinSchema.safeParse('27AAPFU0939F1ZW').error!.issues[0]!.message).toBe(ACCOUNT_MESSAGES.gstinChecksum);
    expect(gstinSchema.safeParse('ABCDE').error!.issues[0]!.message).toBe(ACCOUNT_MESSAGES.gstinInvalid);
  });

  it('needs the certificate or, while it is pending, the acknowledgment number', async () => {
    await expect(updateGstin(w.ownerA, { outletId: w.outletA, gstin: '27AAPFU0939F1ZV' }, null)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: ACCOUNT_MESSAGES.gstDocumentNeeded,
    });
    const pending = await updateGstin(w.ownerA, { outletId: w.outletA, gstin: '27AAPFU0939F1ZV', ackNumber: 'AA271123001234Z' }, null);
    expect(pending).toMatchObject({ gstin: '27AAPFU0939F1ZV', status: 'pending', ackNumber: 'AA271123001234Z', certificateUrl: null });
    const verified = await updateGstin(w.ownerA, { outletId: w.outletA, gstin: '27AAPFU0939F1ZV' }, await png(400, 560, '#ffffff'));
    expect(verified).toMatchObject({ status: 'verified', certificateUrl: expect.stringMatching(/\/uploads\/outlets\/\d+\/gst-.+\.webp$/) });
    await expect(updateGstin(w.ownerA, { outletId: w.outletA, gstin: '27AAPFU0939F1ZV' }, Buffer.from('%PDF-1.4 not an image'))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await getGstin(w.ownerA, w.outletA)).certificateUrl).toBe(verified.certificateUrl);
  });
});

describe('discount button', () => {
  it('sets the standing discount and its on/off status; the offers module uses it', async () => {
    expect(await getDiscount(w.ownerA, w.outletA)).toMatchObject({ discountPercent: 0, isLive: false, liveOffer: null });
    const on = await setDiscount(w.ownerA, { outletId: w.outletA, discount: 12.5, liveStatus: true });
    expect(on).toMatchObject({ discountPercent: 12.5, isLive: true, liveOffer: { source: 'base', discountPercent: 12.5 } });
    expect(await getLiveOffer(w.outletA)).toMatchObject({ source: 'base', discountPercent: 12.5 });
    await setDiscount(w.ownerA, { outletId: w.outletA, discount: 12.5, liveStatus: false });
    expect(await getLiveOffer(w.outletA)).toBeNull();
    expect((await testDb()('outletDiscounts').where({ outletId: w.outletA }).first())!.updatedById).toBe(w.ownerA);
  });

  it("refuses another owner's outlet in the service itself", async () => {
    await expect(setDiscount(w.ownerB, { outletId: w.outletA, discount: 50, liveStatus: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(getDiscount(w.subA, w.outletA2)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await testDb()('outletDiscounts')).toHaveLength(0);
  });
});

describe('profile and overview', () => {
  it('reads and updates the owner and outlet fields an owner may change', async () => {
    const p = await updateProfile(w.ownerA, { outletId: w.outletA, designation: 'Partner', opensAt: '08:30', closesAt: '23:00', outletPhoneNumber: '9876543210' });
    expect(p.owner).toMatchObject({ id: w.ownerA, username: 'owner.a', designation: 'Partner', isMaster: true });
    expect(p.outlet).toMatchObject({ id: w.outletA, opensAt: '08:30', closesAt: '23:00', phoneNumber: '9876543210', gstStatus: 'missing' });
    expect((await getProfile(w.subA, w.outletA)).owner.isMaster).toBe(false);
  });

  it('overview: about, cost for two and highlights (deduplicated)', async () => {
    expect(await getOverview(w.ownerA, w.outletA)).toMatchObject({ about: '', highlights: [] });
    const o = await updateOverview(w.ownerA, { outletId: w.outletA, about: 'Filter coffee since 1965', costForTwoPaise: 40000, highlights: ['Pure veg', 'Pure veg', 'Wi-Fi'] });
    expect(o).toMatchObject({ about: 'Filter coffee since 1965', costForTwoPaise: 40000, highlights: ['Pure veg', 'Wi-Fi'] });
  });

  it('overview: a field left out keeps its value; an explicit null or empty clears it', async () => {
    const parse = (body: Record<string, unknown>) => updateOverviewSchema.parse({ outletId: w.outletA, ...body });
    await updateOverview(w.ownerA, parse({ about: 'Since 1965', costForTwoPaise: 40000, highlights: ['Pure veg', 'Wi-Fi'] }));

    // Only the about text: cost for two and highlights stay.
    expect(await updateOverview(w.ownerA, parse({ about: 'Filter coffee since 1965' }))).toMatchObject({
      about: 'Filter coffee since 1965',
      costForTwoPaise: 40000,
      highlights: ['Pure veg', 'Wi-Fi'],
    });
    // Only the highlights, then only the cost: the rest stays.
    await updateOverview(w.ownerA, parse({ highlights: ['Pure veg'] }));
    expect(await updateOverview(w.ownerA, parse({ costForTwoPaise: 45000 }))).toMatchObject({
      about: 'Filter coffee since 1965',
      costForTwoPaise: 45000,
      highlights: ['Pure veg'],
    });
    // Nothing but the outlet changes nothing.
    expect(await updateOverview(w.ownerA, parse({}))).toMatchObject({ about: 'Filter coffee since 1965', costForTwoPaise: 45000, highlights: ['Pure veg'] });

    // Explicit clearing: null cost, empty highlights, empty about (null works for each too).
    expect(await updateOverview(w.ownerA, parse({ costForTwoPaise: null }))).toMatchObject({ costForTwoPaise: null, highlights: ['Pure veg'] });
    expect(await updateOverview(w.ownerA, parse({ highlights: [] }))).toMatchObject({ about: 'Filter coffee since 1965', highlights: [] });
    expect(await updateOverview(w.ownerA, parse({ about: '' }))).toMatchObject({ about: '', costForTwoPaise: null, highlights: [] });
    await updateOverview(w.ownerA, parse({ about: 'Back', costForTwoPaise: '30000', highlights: ['AC'] }));
    expect(await updateOverview(w.ownerA, parse({ about: null, costForTwoPaise: '', highlights: null }))).toMatchObject({
      about: '',
      costForTwoPaise: null,
      highlights: [],
    });

    // The first write of an outlet with only one field fills the rest with the empty values.
    expect(await updateOverview(w.ownerA, updateOverviewSchema.parse({ outletId: w.outletA2, costForTwoPaise: 20000 }))).toMatchObject({
      about: '',
      costForTwoPaise: 20000,
      highlights: [],
    });
  });
});

describe('menu', () => {
  it('creates the empty placeholder title, fills it, appends, swaps and deletes with renumbering', async () => {
    const first = await listMenu(w.ownerA, w.outletA);
    expect(first).toMatchObject([{ title: '', titleSeq: 0, photos: [] }]);
    await saveMenu(w.ownerA, { outletId: w.outletA, title: 'Breakfast' });
    await saveMenu(w.ownerA, { outletId: w.outletA, title: 'Lunch' });
    const three = await saveMenu(w.ownerA, { outletId: w.outletA, title: 'Dinner' });
    expect(three.map((m) => [m.title, m.titleSeq])).toEqual([['Breakfast', 0], ['Lunch', 1], ['Dinner', 2]]);
    const swapped = await swapMenu(w.ownerA, { outletId: w.outletA, from: 0, to: 2 });
    expect(swapped.map((m) => m.title)).toEqual(['Dinner', 'Lunch', 'Breakfast']);
    const after = await deleteMenu(w.ownerA, { outletId: w.outletA, menuId: swapped[1]!.id });
    expect(after.map((m) => [m.title, m.titleSeq])).toEqual([['Dinner', 0], ['Breakfast', 1]]);
    const renamed = await saveMenu(w.ownerA, { outletId: w.outletA, menuId: after[0]!.id, title: 'Dinner & drinks' });
    expect(renamed[0]!.title).toBe('Dinner & drinks');
  });
});
