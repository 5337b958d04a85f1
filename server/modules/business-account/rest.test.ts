import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { type createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { type BusinessWorld, png, businessApp } from '../../test/factories.ts';

useTestDatabase();

let w: BusinessWorld;
let app: ReturnType<typeof createTestApp>;
beforeEach(async () => {
  ({ app, w } = await businessApp()); // Monday 12:30 IST
});

const stored = (): string[] => {
  const dir = path.join(app.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.webp')) : [];
};

const uploadPhoto = (buffer: Buffer, subCategory = 'food', filename = 'dosa.jpg', contentType = 'image/jpeg') =>
  app.request
    .post('/api/business/photos')
    .set(w.authA)
    .field('outletId', String(w.outletA))
    .field('subCategory', subCategory)
    .attach('photo', buffer, { filename, contentType });

describe('discount button over REST', () => {
  it('POST /outlet/discount then GET /outlet/discount/:id', async () => {
    const set = await app.request.post('/api/outlet/discount').set(w.authA).send({ discount: '15', outletId: w.outletA, liveStatus: 'true' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ success: true, OUTLET_ID: w.outletA, DISCOUNT: 15, LIVE_STATUS: 'true', LIVE_DISCOUNT: 15, LIVE_SOURCE: 'base' });
    const get = await app.request.get(`/api/outlet/discount/${w.outletA}`).set(w.authA);
    expect(get.body).toMatchObject({ DISCOUNT: 15, LIVE_STATUS: 'true' });
    const bad = await app.request.post('/api/outlet/discount').set(w.authA).send({ discount: 120, outletId: w.outletA, liveStatus: 'true' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.discount).toBe('discount must be between 0 and 100');
  });
});

describe('photos over REST', () => {
  it('upload → IMG keys; the outlet page shows it; swap; delete by index', async () => {
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#d0a060' } }).jpeg().toBuffer();
    const first = await uploadPhoto(jpeg);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ OUTLET_ID: w.outletA, SUB_CATEGORY: 'food', IMG0: expect.stringMatching(/^\/uploads\/outlets\/\d+\/photos\/food-.+-1280\.webp$/) });
    expect(first.body.photos[0]).toMatchObject({ INDEX: 0, WIDTH: 1280, HEIGHT: 960 });
    await uploadPhoto(await png(300, 200));
    const listed = await app.request.get(`/api/business/photos/${w.outletA}?subCategory=food`).set(w.authA);
    expect(Object.keys(listed.body).filter((k) => k.startsWith('IMG'))).toEqual(['IMG0', 'IMG1']);
    // The public photos tab reads the same rows.
    const pub = await app.request.get(`/api/business/v2/photos/${w.outletA}`);
    expect(pub.body.photos).toHaveLength(2);

    const swapped = await app.request.post('/api/business/photos/swap').set(w.authA).send({ outletId: w.outletA, subCategory: 'food', from: 0, to: 1 });
    expect(swapped.body.IMG0).toBe(listed.body.IMG1);
    const deleted = await app.request.delete('/api/business/photos').set(w.authA).send({ outletId: w.outletA, index: 0, subCategory: 'food' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.photos).toHaveLength(1);
    expect(deleted.body.IMG0).toBe(listed.body.IMG0);
    const missing = await app.request.delete('/api/business/photos').set(w.authA).send({ outletId: w.outletA, index: 5, subCategory: 'food' });
    expect(missing.status).toBe(404);
  });

  it('a spoofed type (text named .jpg) and an oversized image are 400 and store nothing', async () => {
    const spoof = await uploadPhoto(Buffer.from('<?php echo "hi"; ?>'), 'food', 'photo.jpg', 'image/jpeg');
    expect(spoof.status).toBe(400);
    expect(spoof.body.message).toMatch(/^Failed to upload photo: /);
    const huge = Buffer.alloc(6 * 1024 * 1024, 1);
    const big = await uploadPhoto(huge);
    expect(big.status).toBe(400);
    expect(big.body.message).toMatch(/too large/);
    // Within the byte limit but over the pixel limit (a decompression bomb).
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    const pixels = await uploadPhoto(bomb, 'food', 'bomb.png', 'image/png');
    expect(pixels.status).toBe(400);
    expect(await testDb()('outletPhotos')).toHaveLength(0);
    expect(stored()).toEqual([]);
  });

  it('an unknown sub-category is 400 and nothing is stored', async () => {
    const res = await uploadPhoto(await png(), 'kitchen-secrets');
    expect(res.status).toBe(400);
    expect(res.body.errors.subCategory).toEqual(expect.any(String));
    expect(stored()).toEqual([]);
  });
});

describe('menu, overview and GSTIN over REST', () => {
  it('menu titles, a menu photo, swap and delete', async () => {
    const list = await app.request.get('/api/business/menu').query({ outletId: w.outletA }).set(w.authA);
    expect(list.body.menu).toEqual([{ ID: expect.any(Number), TITLE_SEQ: 0, TITLE: '', OUTLET_ID: w.outletA, PHOTOS: [] }]);
    const saved = await app.request.post('/api/business/menu').set(w.authA).send({ outletId: w.outletA, title: 'Main course' });
    const menuId = saved.body.menu[0].ID;
    const photo = await app.request
      .post('/api/business/menu/photo')
      .set(w.authA)
      .field('outletId', String(w.outletA))
      .field('menuId', String(menuId))
      .attach('photo', await png(900, 1200), { filename: 'menu.png', contentType: 'image/png' });
    expect(photo.status).toBe(201);
    expect(photo.body.menu[0].PHOTOS).toEqual([{ INDEX: 0, URL: expect.stringMatching(/\.webp$/), WIDTH: 900, HEIGHT: 1200 }]);
    const pub = await app.request.get(`/api/business/menu/${w.outletA}`);
    expect(pub.body.menu[0].PHOTOS).toHaveLength(1);
    const del = await app.request.delete('/api/business/menu/photo').set(w.authA).send({ outletId: w.outletA, menuId, index: 0 });
    expect(del.body.menu[0].PHOTOS).toEqual([]);
    const gone = await app.request.delete('/api/business/menu').set(w.authA).send({ outletId: w.outletA, menuId });
    expect(gone.body.menu).toEqual([{ ID: expect.any(Number), TITLE_SEQ: 0, TITLE: '', OUTLET_ID: w.outletA, PHOTOS: [] }]);
  });

  it('GET/POST /business/overview', async () => {
    const saved = await app.request.post('/api/business/overview').set(w.authA).send({ outletId: w.outletA, ABOUT: 'Since 1965', HIGHLIGHTS: ['Pure veg'] });
    expect(saved.body.overview).toMatchObject({ OUTLET_ID: w.outletA, ABOUT: 'Since 1965', HIGHLIGHTS: ['Pure veg'] });
    const got = await app.request.get('/api/business/overview').query({ outletId: w.outletA }).set(w.authA);
    expect(got.body.overview.ABOUT).toBe('Since 1965');
  });

  it('POST /business/overview sets veg, cuisines and dishes on the outlet (searchable), tidied; a foreign outlet changes nothing', async () => {
    const post = (body: Record<string, unknown>, auth = w.authA) => app.request.post('/api/business/overview').set(auth).send({ outletId: w.outletA, ...body });
    const saved = await post({ isVeg: true, cuisines: [' South  Indian', 'south indian', 'Udupi'], dishes: ['Masala Dosa', ''] });
    expect(saved.status).toBe(200);
    expect(saved.body.overview).toMatchObject({ IS_VEG: true, CUISINES: ['South Indian', 'Udupi'], DISHES: ['Masala Dosa'] });
    const outlet = await testDb()('outlets').where({ id: w.outletA }).first('isVeg', 'cuisines', 'dishes', 'searchTokens');
    expect(outlet).toMatchObject({ isVeg: true, cuisines: ['South Indian', 'Udupi'], dishes: ['Masala Dosa'] });
    expect(outlet!.searchTokens).toEqual(expect.arrayContaining(['udupi', 'masala', 'dosa', 'south', 'indian']));
    // The about text alone keeps them.
    expect((await post({ about: 'Since 1965' })).body.overview).toMatchObject({ IS_VEG: true, CUISINES: ['South Indian', 'Udupi'] });
    const tooMany = await post({ cuisines: Array.from({ length: 13 }, (_, i) => `Cuisine ${i}`) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toMatchObject({ cuisines: 'At most 12 cuisines' });
    const foreign = await post({ isVeg: false }, w.authB);
    expect(foreign.status).toBe(403);
    expect((await testDb()('outlets').where({ id: w.outletA }).first('isVeg'))!.isVeg).toBe(true);
  });

  it('POST /business/overview with only about keeps cost for two and highlights; explicit null clears', async () => {
    const post = (body: Record<string, unknown>) => app.request.post('/api/business/overview').set(w.authA).send({ outletId: w.outletA, ...body });
    await post({ about: 'Since 1965', costForTwoPaise: 40000, highlights: ['Pure veg', 'Wi-Fi'] });

    const onlyAbout = await post({ about: 'Filter coffee since 1965' });
    expect(onlyAbout.status).toBe(200);
    expect(onlyAbout.body.overview).toEqual({
      OUTLET_ID: w.outletA,
      ABOUT: 'Filter coffee since 1965',
      COST_FOR_TWO_PAISE: 40000,
      HIGHLIGHTS: ['Pure veg', 'Wi-Fi'],
      IS_VEG: false,
      CUISINES: [],
      DISHES: [],
    });
    // The legacy upper-case keys behave the same.
    expect((await post({ ABOUT: 'Since 1965' })).body.overview).toMatchObject({ COST_FOR_TWO_PAISE: 40000, HIGHLIGHTS: ['Pure veg', 'Wi-Fi'] });
    expect((await post({ COST_FOR_TWO_PAISE: 50000 })).body.overview).toMatchObject({ ABOUT: 'Since 1965', COST_FOR_TWO_PAISE: 50000 });

    const cleared = await post({ costForTwoPaise: null, HIGHLIGHTS: [] });
    expect(cleared.body.overview).toEqual({ OUTLET_ID: w.outletA, ABOUT: 'Since 1965', COST_FOR_TWO_PAISE: null, HIGHLIGHTS: [], IS_VEG: false, CUISINES: [], DISHES: [] });
    const got = await app.request.get('/api/business/overview').query({ outletId: w.outletA }).set(w.authA);
    expect(got.body.overview).toEqual(cleared.body.overview);

    const bad = await post({ costForTwoPaise: -5 });
    expect(bad.status).toBe(400);
    expect((await app.request.get('/api/business/overview').query({ outletId: w.outletA }).set(w.authA)).body.overview).toEqual(cleared.body.overview);
  });

  it('POST /business/gstin: checksum error → 400; acknowledgment → pending; certificate → verified', async () => {
    const bad = await app.request.post('/api/business/gstin').set(w.authA).send({ outletId: w.outletA, gstin: '27AAPFU0939F1ZW', ackNumber: 'AA271123001234Z' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.gstin).toBe('This GSTIN is not valid: check the last character');
    const pending = await app.request.post('/api/business/gstin').set(w.authA).send({ outletId: w.outletA, gstin: '27AAPFU0939F1ZV', ackNumber: 'AA271123001234Z' });
    expect(pending.body).toMatchObject({ GSTIN: '27AAPFU0939F1ZV', GST_STATUS: 'pending', ACK_NUMBER: 'AA271123001234Z' });
    const cert = await app.request
      .post('/api/business/gstin')
      .set(w.authA)
      .field('outletId', String(w.outletA))
      .field('gstin', '27AAPFU0939F1ZV')
      .attach('certificate', await png(600, 800, '#ffffff'), { filename: 'gst.png', contentType: 'image/png' });
    expect(cert.status).toBe(200);
    expect(cert.body).toMatchObject({ GST_STATUS: 'verified', CERTIFICATE_URL: expect.stringMatching(/\.webp$/) });
  });

  it('GET/POST /business/profile', async () => {
    const res = await app.request.post('/api/business/profile').set(w.authA).send({ outletId: w.outletA, designation: 'Owner', opensAt: '07:00' });
    expect(res.body.businessOwnerDetails).toMatchObject({ BO_ID: w.ownerA, USERNAME: 'owner.a', DESIGNATION: 'Owner', IS_MASTER: 'true' });
    expect(res.body.outletDetails).toMatchObject({ OUTLET_ID: w.outletA, OPENS_AT: '07:00', IS_LIVE: 'true' });
  });
});
