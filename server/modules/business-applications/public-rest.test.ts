import fs from 'node:fs';
import path from 'node:path';
import { ZodError } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { fieldErrorsOf } from '../../lib/errors.ts';
import { localize } from '../../lib/i18n.ts';
import { createCaller } from '../../trpc/app-router.ts';
import { createContextInner } from '../../trpc/context.ts';
import { png } from '../../test/factories.ts';
import { APPLICATION_MESSAGES } from './schema.ts';

useTestDatabase();

let app: ReturnType<typeof createTestApp>;
beforeEach(() => {
  app = createTestApp();
});

const fields = {
  businessName: 'Meenakshi Tiffin Centre',
  address: '14, Car Street, Mylapore, Chennai 600004',
  contactName: 'Meenakshi Sundaram',
  phoneNumber: '9840012345',
  pan: 'abcpm1234k',
  gstin: '27AAPFU0939F1ZV',
};

const stored = () => {
  const dir = path.join(app.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.webp')) : [];
};

async function token(buffer?: Buffer) {
  const res = await app.request.post('/api/for-business-form/documents').attach('file', buffer ?? (await png(800, 600, '#ffffff')), { filename: 'doc.png', contentType: 'image/png' });
  return res;
}

describe('/for-business-form', () => {
  it('multipart with the certificate and the cheque creates a pending application with both documents', async () => {
    let req = app.request.post('/api/for-business-form');
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    const res = await req
      .attach('gstCertificate', await png(600, 800, '#ffffff'), { filename: 'gst.png', contentType: 'image/png' })
      .attach('cheque', await png(800, 350, '#eeeeee'), { filename: 'cheque.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, applicationId: expect.any(Number), status: 'pending', message: APPLICATION_MESSAGES.submitted });
    const row = await testDb()('businessApplications').where({ id: res.body.applicationId }).first();
    expect(row).toMatchObject({ businessName: 'Meenakshi Tiffin Centre', pan: 'ABCPM1234K', status: 'pending', gstAckNumber: null });
    expect(row!.gstCertificateKey).toMatch(/^private\/applications\/.+\.webp$/);
    expect(row!.chequeKey).toMatch(/^private\/applications\/.+\.webp$/);
    expect(stored()).toHaveLength(2);
  });

  it('JSON with upload tokens; the acknowledgment number stands in for a pending certificate', async () => {
    const cheque = await token();
    expect(cheque.status).toBe(201);
    const res = await app.request
      .post('/api/for-business-form')
      .set('Accept-Language', 'hi-IN,hi')
      .send({ ...fields, gstAckNumber: 'AA2711230012345', cheque: cheque.body.token });
    expect(res.status).toBe(201);
    // The thanks in the language the form was filled in.
    expect(res.body.message).toBe(localize(APPLICATION_MESSAGES.submitted, 'hi'));
    expect(res.body.message).not.toBe(APPLICATION_MESSAGES.submitted);
    expect(await testDb()('businessApplications').first()).toMatchObject({ gstAckNumber: 'AA2711230012345', gstCertificateKey: null });
  });

  it('no certificate and no acknowledgment number, or no cheque → 400 naming the fields; nothing stored', async () => {
    let req = app.request.post('/api/for-business-form');
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    const res = await req.attach('cheque', await png(), { filename: 'cheque.png', contentType: 'image/png' }).field('pan', '');
    expect(res.status).toBe(400);
    const json = await app.request.post('/api/for-business-form').send(fields);
    expect(json.status).toBe(400);
    expect(json.body.errors).toMatchObject({ gstCertificate: APPLICATION_MESSAGES.gstProof, cheque: APPLICATION_MESSAGES.chequeRequired });
    expect(await testDb()('businessApplications')).toHaveLength(0);
    expect(stored()).toEqual([]);
  });

  it('a forged token or a spoofed document is refused', async () => {
    const forged = await app.request
      .post('/api/for-business-form')
      .send({ ...fields, gstAckNumber: 'AA2711230012345', cheque: `applications/x/other.webp.${'a'.repeat(64)}` });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(APPLICATION_MESSAGES.badDocument);
    const spoof = await token(Buffer.from('%PDF-1.7 pretending to be a PNG'));
    expect(spoof.status).toBe(400);
    expect(stored()).toEqual([]);
  });

  it('tRPC businessApplications.submit validates with the same schema', async () => {
    const caller = createCaller(createContextInner({ ip: '10.0.0.1' }));
    const cheque = await token();
    const ok = await caller.businessApplications.submit({ ...fields, gstAckNumber: 'AA2711230012345', cheque: cheque.body.token });
    expect(ok).toMatchObject({ status: 'pending', id: expect.any(Number) });
    await expect(caller.businessApplications.submit({ ...fields, pan: 'NOTAPAN', cheque: cheque.body.token } as never)).rejects.toSatisfy(
      (e: { cause?: unknown }) => e.cause instanceof ZodError && 'pan' in fieldErrorsOf(e.cause),
    );
  });
});
