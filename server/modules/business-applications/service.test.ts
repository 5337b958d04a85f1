import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../providers/storage.ts';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { insertCategory, insertCity, insertOwner, insertSalesStaff } from '../../test/factories.ts';

useTestDatabase();

let auth: { Authorization: string };
let staffId: number;
let cityId: number;
let categoryId: number;
let applicationId: number;
let storage: ReturnType<typeof createLocalStorage>;

const approval = () => ({
  username: 'dosa.corner',
  password: 'Dosa@2026',
  cityId,
  categoryId,
  outletName: 'Dosa Corner',
  addressLineOne: '22, 9th Main',
  addressLineTwo: 'Jayanagar 4th Block',
  state: 'Karnataka',
  pincode: '560011',
  latitude: 12.925,
  longitude: 77.583,
  opensAt: '07:30',
  closesAt: '22:00',
});

beforeEach(async () => {
  // One storage for every app of a test: the application's documents are in it.
  storage = createLocalStorage(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-apps-')), 'uploads'));
  createTestApp({ storage });
  await storage.put('private/applications/1/gst.pdf', Buffer.from('%PDF-1.7 certificate'));
  await storage.put('private/applications/1/cheque.jpg', Buffer.from('cheque'));
  ({ auth, id: staffId } = await insertSalesStaff());
  cityId = await insertCity();
  categoryId = await insertCategory();
  const [row] = await testDb()('businessApplications')
    .insert({
      businessName: 'Dosa Corner',
      address: '22, 9th Main, Jayanagar 4th Block, Bengaluru',
      contactName: 'Lakshmi Rao',
      phoneNumber: '9900112233',
      email: 'lakshmi@example.com',
      pan: 'ABCPR1234K',
      gstCertificateKey: 'private/applications/1/gst.pdf',
      chequeKey: 'private/applications/1/cheque.jpg',
      cityId,
      categoryId,
    })
    .returning('id');
  applicationId = row!.id;
});

describe('business applications', () => {
  it('approve creates the master account and the outlet in one transaction, links them, and audits all three', async () => {
    const { request } = createTestApp({ storage });
    const res = await request.post(`/api/admin/business-applications/${applicationId}/approve`).set(auth).send(approval());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'approved', reviewedById: staffId, reviewedByName: 'Priya Sharma', businessOwnerId: 1, outletId: 1 });
    const outlet = await testDb()('outlets').where({ id: 1 }).first();
    expect(outlet).toMatchObject({ name: 'Dosa Corner', ownerId: 1, gstStatus: 'verified', isLive: false });
    // The outlet gets its own copy of the certificate, where an owner's upload goes; the application's files stay private.
    expect(outlet!.gstCertificateKey).toMatch(/^outlets\/1\/gst-[0-9a-f]{12}\.pdf$/);
    expect(await storage.get(outlet!.gstCertificateKey!)).toEqual(Buffer.from('%PDF-1.7 certificate'));
    expect(await storage.exists('private/applications/1/gst.pdf')).toBe(true);
    const owner = await testDb()('businessOwners').where({ id: 1 }).first();
    expect(owner).toMatchObject({ username: 'dosa.corner', name: 'Lakshmi Rao', pan: 'ABCPR1234K', isMaster: true });
    expect((await testDb()('auditLog').orderBy('id').select('action', 'resource')).map((r) => `${r.action} ${r.resource}`)).toEqual([
      'create outlets',
      'create business-owners',
      'update business-applications',
    ]);
    // The new owner can log in and sees the outlet.
    const login = await request.post('/api/onboarding/bo/login').send({ username: 'dosa.corner', password: 'Dosa@2026' });
    expect(login.body.outletDetails).toEqual([{ OUTLET_ID: 1, NAME: 'Dosa Corner', ADDRESS_LINE_TWO: 'Jayanagar 4th Block' }]);
    // Reviewed applications cannot be reviewed, edited or deleted again.
    expect((await request.post(`/api/admin/business-applications/${applicationId}/reject`).set(auth).send({ reason: 'Duplicate' })).status).toBe(409);
    expect((await request.put(`/api/admin/business-applications/${applicationId}`).set(auth).send({ contactName: 'X' })).status).toBe(409);
    const del = await request.delete(`/api/admin/business-applications/${applicationId}`).set(auth);
    expect(del.status).toBe(409);
    expect(del.body.message).toMatch(/^Approved applications are kept/);
  });

  it('a failed approval (username taken) leaves no owner, no outlet and no audit row', async () => {
    await insertOwner({ username: 'Dosa.Corner' });
    const res = await createTestApp({ storage }).request.post(`/api/admin/business-applications/${applicationId}/approve`).set(auth).send(approval());
    expect(res.status).toBe(409);
    expect(res.body.errors).toMatchObject({ username: 'already exists' });
    expect(await testDb()('outlets').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(await testDb()('businessOwners').count({ n: '*' }).first()).toEqual({ n: 1 });
    expect(await testDb()('auditLog').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(await testDb()('businessApplications').where({ id: applicationId }).first('status')).toEqual({ status: 'pending' });
  });

  it('approval fields are validated with field errors', async () => {
    const res = await createTestApp({ storage })
      .request.post(`/api/admin/business-applications/${applicationId}/approve`)
      .set(auth)
      .send({ ...approval(), password: 'short', pincode: '12' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ password: 'Password needs at least 8 characters', pincode: 'Enter a 6-digit PIN code' });
  });

  it('reject needs a reason, then records it', async () => {
    const { request } = createTestApp({ storage });
    const none = await request.post(`/api/admin/business-applications/${applicationId}/reject`).set(auth).send({ reason: ' ' });
    expect(none.status).toBe(400);
    expect(none.body.errors.reason).toBe('Give a reason for the rejection');
    const ok = await request
      .post(`/api/admin/business-applications/${applicationId}/reject`)
      .set(auth)
      .send({ reason: 'PAN does not match the GST certificate' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'rejected', rejectReason: 'PAN does not match the GST certificate', reviewedById: staffId });
    expect(await testDb()('outlets').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('an application typed in by sales needs the GST acknowledgment number (no certificate uploaded)', async () => {
    const res = await createTestApp({ storage })
      .request.post('/api/admin/business-applications')
      .set(auth)
      .send({ businessName: 'Paper Form Cafe', address: 'MG Road', contactName: 'Anil', phoneNumber: '9845011111', pan: 'ABCPA1234K' });
    expect(res.status).toBe(400);
    expect(res.body.errors.gstAckNumber).toMatch(/^GST certificate is mandatory/);
  });
});
