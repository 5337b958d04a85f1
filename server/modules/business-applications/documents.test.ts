import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp, TEST_SECRET } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { createLocalStorage } from '../../providers/storage.ts';
import { insertCategory, insertCity, insertOutlet, insertOwner, insertSalesStaff, insertShopper, png } from '../../test/factories.ts';
import { ADMIN_REQUEST_HEADER, SALES_SESSION_COOKIE } from '../sales-staff/schema.ts';
import { moveApplicationDocumentsToPrivate } from './service.ts';

useTestDatabase();

let storage: ReturnType<typeof createLocalStorage>;
let app: ReturnType<typeof createTestApp>;
beforeEach(() => {
  storage = createLocalStorage(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-docs-')), 'uploads'));
  app = createTestApp({ storage });
});

const fields = {
  businessName: 'Meenakshi Tiffin Centre',
  address: '14, Car Street, Mylapore, Chennai 600004',
  contactName: 'Meenakshi Sundaram',
  phoneNumber: '9840012345',
  pan: 'abcpm1234k',
  gstin: '27AAPFU0939F1ZV',
};

/** An application submitted through the public form, with both documents. */
async function submitted(): Promise<{ id: number; chequeKey: string; gstCertificateKey: string }> {
  let req = app.request.post('/api/for-business-form');
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  const res = await req
    .attach('gstCertificate', await png(600, 800, '#ffffff'), { filename: 'gst.png', contentType: 'image/png' })
    .attach('cheque', await png(800, 350, '#eeeeee'), { filename: 'cheque.png', contentType: 'image/png' });
  expect(res.status).toBe(201);
  return testDb()('businessApplications').where({ id: res.body.applicationId }).first('id', 'chequeKey', 'gstCertificateKey');
}

describe('business-application documents are private', () => {
  it('only a sales session gets the bytes; anonymous, shopper and owner do not; /uploads never serves them', async () => {
    const application = await submitted();
    expect(application.chequeKey).toMatch(/^private\/applications\//);
    const url = `/api/admin/business-applications/${application.id}/documents/cheque`;

    expect((await app.request.get(url)).status).toBe(401);
    const shopper = await bearer('consumer', await insertShopper(testDb(), TEST_SECRET));
    expect((await app.request.get(url).set(shopper)).status).toBe(403);
    const owner = await bearer('business', await insertOwner());
    expect((await app.request.get(url).set(owner)).status).toBe(403);

    const { auth } = await insertSalesStaff();
    const res = await app.request.get(url).set(auth).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(res.body as Buffer, (await storage.get(application.chequeKey))!)).toBe(0);
    const certificate = await app.request.get(`/api/admin/business-applications/${application.id}/documents/gstCertificate`).set(auth);
    expect(certificate.status).toBe(200);

    // The back office's browser session (the cookie) works too, as the <img> of the show page uses it.
    const login = await app.request.post('/api/admin/auth/login').set(ADMIN_REQUEST_HEADER, '1').send({ username: 'sales', password: 'Owner@123' });
    const jar = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => c.startsWith(SALES_SESSION_COOKIE))!.split(';')[0]!;
    expect((await app.request.get(url).set('Cookie', jar)).status).toBe(200);

    // The public file route refuses the key however it is spelled.
    for (const key of [application.chequeKey, application.gstCertificateKey]) {
      expect((await app.request.get(`/uploads/${key}`)).status).toBe(404);
    }
    const rest = application.chequeKey.slice('private/'.length);
    for (const spelling of [`/uploads/private/${rest}`, `/uploads//private/${rest}`, `/uploads/./private/${rest}`, `/uploads/%70rivate/${rest}`, `/uploads/outlets/../private/${rest}`, `/uploads/PRIVATE/${rest}`]) {
      const res404 = await app.request.get(spelling);
      expect(res404.status, spelling).toBe(404);
      expect(res404.body).toEqual({ message: 'Not found' });
    }
    expect((await app.request.head(`/uploads/${application.chequeKey}`)).status).toBe(404);
  });

  it('an unknown document name, a missing document or a missing application is a 404', async () => {
    const { auth } = await insertSalesStaff();
    const [row] = await testDb()('businessApplications')
      .insert({ businessName: 'Paper Form Cafe', address: 'MG Road', contactName: 'Anil', phoneNumber: '9845011111', pan: 'ABCPA1234K', gstAckNumber: 'AA2711230012345', chequeKey: 'private/applications/gone.webp' })
      .returning('id');
    for (const url of [
      `/api/admin/business-applications/${row!.id}/documents/passport`,
      `/api/admin/business-applications/${row!.id}/documents/gstCertificate`,
      `/api/admin/business-applications/${row!.id}/documents/cheque`,
      `/api/admin/business-applications/999/documents/cheque`,
    ]) {
      expect((await app.request.get(url).set(auth)).status, url).toBe(404);
    }
  });

  it('the legacy applications/ prefix is refused by /uploads too; other stored files are still served', async () => {
    await storage.put('applications/2025/old-cheque-1600.webp', Buffer.from('old'));
    await storage.put('outlets/1/ambience-abc-640.webp', Buffer.from('photo'));
    expect((await app.request.get('/uploads/applications/2025/old-cheque-1600.webp')).status).toBe(404);
    const photo = await app.request.get('/uploads/outlets/1/ambience-abc-640.webp');
    expect(photo.status).toBe(200);
  });

  it('documents stored before the move go under private/; an outlet that shared the file gets its own copy', async () => {
    const refs = { categoryId: await insertCategory(), cityId: await insertCity() };
    await storage.put('applications/2025/gst-1600.webp', Buffer.from('certificate'));
    await storage.put('applications/2025/cheque-1600.webp', Buffer.from('cheque'));
    const outletId = await insertOutlet(refs, { gstCertificateKey: 'applications/2025/gst-1600.webp', gstStatus: 'verified' });
    const [row] = await testDb()('businessApplications')
      .insert({
        businessName: 'Dosa Corner', address: '22, 9th Main', contactName: 'Lakshmi', phoneNumber: '9900112233', pan: 'ABCPR1234K',
        gstCertificateKey: 'applications/2025/gst-1600.webp', chequeKey: 'applications/2025/cheque-1600.webp', status: 'approved', outletId,
      })
      .returning('id');

    expect(await moveApplicationDocumentsToPrivate(testDb(), storage)).toEqual({ moved: 2, outlets: 1 });
    expect(await testDb()('businessApplications').where({ id: row!.id }).first('gstCertificateKey', 'chequeKey')).toEqual({
      gstCertificateKey: 'private/applications/2025/gst-1600.webp',
      chequeKey: 'private/applications/2025/cheque-1600.webp',
    });
    expect(await storage.get('private/applications/2025/cheque-1600.webp')).toEqual(Buffer.from('cheque'));
    expect(await storage.exists('applications/2025/cheque-1600.webp')).toBe(false);
    const outlet = await testDb()('outlets').where({ id: outletId }).first('gstCertificateKey');
    expect(outlet!.gstCertificateKey).toMatch(new RegExp(`^outlets/${outletId}/gst-[0-9a-f]{12}-1600\\.webp$`));
    expect(await storage.get(outlet!.gstCertificateKey!)).toEqual(Buffer.from('certificate'));
    // Run again: nothing left to move.
    expect(await moveApplicationDocumentsToPrivate(testDb(), storage)).toEqual({ moved: 0, outlets: 0 });
  });
});
