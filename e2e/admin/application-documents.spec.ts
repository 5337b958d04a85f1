import sharp from 'sharp';
import { expect, signInSales, test } from '../fixtures.ts';

/**
 * A business applies on the public form; its cheque and GST certificate are private files: the public
 * /uploads path is a 404, and the sales back office shows them through its own route.
 */
test('application documents show in the back office and nowhere public', async ({ page, context, request }) => {
  const picture = (colour: string) => sharp({ create: { width: 800, height: 500, channels: 3, background: colour } }).png().toBuffer();
  const businessName = `Udupi Grand ${Date.now().toString(36)}`;
  const applied = await request.post('/api/for-business-form', {
    multipart: {
      businessName,
      address: '3, Temple Street, Udupi 576101',
      contactName: 'Raghavendra Rao',
      phoneNumber: '9845022222',
      pan: 'ABCPR5678K',
      gstCertificate: { name: 'gst.png', mimeType: 'image/png', buffer: await picture('#f0f0f0') },
      cheque: { name: 'cheque.png', mimeType: 'image/png', buffer: await picture('#e0e8ff') },
    },
  });
  expect(applied.status()).toBe(201);
  const { applicationId } = (await applied.json()) as { applicationId: number };

  // Without a sales session the documents route is closed.
  expect((await request.get(`/api/admin/business-applications/${applicationId}/documents/cheque`)).status()).toBe(401);

  await signInSales(context);
  await page.goto(`./#/business-applications/${applicationId}/show`);
  await expect(page.getByText(businessName).first()).toBeVisible();

  const cheque = page.getByRole('img', { name: 'Cancelled cheque / passbook' });
  await expect(cheque).toHaveAttribute('src', `/api/admin/business-applications/${applicationId}/documents/cheque`);
  // The picture really loaded (the session cookie went with the image request).
  await expect.poll(() => cheque.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect
    .poll(() => page.getByRole('img', { name: 'GST certificate' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // The stored key is not reachable through /uploads.
  const record = await page.request.get(`/api/admin/business-applications/${applicationId}`);
  const { chequeKey } = (await record.json()) as { chequeKey: string };
  expect(chequeKey).toMatch(/^private\/applications\//);
  expect((await page.request.get(`/uploads/${chequeKey}`)).status()).toBe(404);
});
