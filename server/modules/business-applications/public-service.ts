import { randomBytes } from 'node:crypto';
import { badRequest } from '../../lib/errors.ts';
import { keyedHash, safeEqual } from '../../lib/crypto.ts';
import { processImage, storeImage } from '../../lib/images.ts';
import { localize, type Language } from '../../lib/i18n.ts';
import { hitLimits } from '../../lib/rate-limit.ts';
import { runtime } from '../../lib/runtime.ts';
import {
  APPLICATION_DOCUMENTS_PREFIX,
  APPLICATION_MESSAGES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_WIDTHS,
  type SubmitApplicationInput,
  type SubmittedApplication,
} from './schema.ts';
import { single } from '../../db/rows.ts';

/**
 * The public side of business applications (the review is sales staff's: service.ts). Documents are
 * checked by content, re-encoded and stored first, under the private storage prefix (never served by
 * `/uploads`); the token names the stored key with a keyed hash, so only documents this server stored
 * can be attached. Uploads and submissions are rate-limited per
 * client IP (counted in the database, across processes).
 */

const TOKEN_PURPOSE = 'business-application-document';
const tokenOf = (key: string) => `${key}.${keyedHash(runtime().secret, TOKEN_PURPOSE, key)}`;

function keyOfToken(token: string): string {
  const dot = token.lastIndexOf('.');
  const key = token.slice(0, dot);
  if (dot < 0 || !safeEqual(token.slice(dot + 1), keyedHash(runtime().secret, TOKEN_PURPOSE, key))) {
    throw badRequest(APPLICATION_MESSAGES.badDocument);
  }
  return key;
}

const ipKey = (ip: string | null) => keyedHash(runtime().secret, 'ip', ip ?? 'unknown').slice(0, 32);

/** Stores one document (a photo or scan of the certificate, cheque or passbook); returns its token. */
export async function uploadApplicationDocument(file: Buffer | null, meta: { ip: string | null }, field = 'file'): Promise<{ token: string }> {
  if (!file) throw badRequest(`${APPLICATION_MESSAGES.documentFailed}: choose a picture`, { [field]: 'Choose a picture' });
  await hitLimits([{ key: `application-upload:${ipKey(meta.ip)}`, max: 30, windowSeconds: 3600, message: 'Too many uploads. Please try again later.' }]);
  let image;
  try {
    image = await processImage(file, { maxBytes: DOCUMENT_MAX_BYTES, widths: [...DOCUMENT_WIDTHS], quality: 85 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'the picture could not be read';
    throw badRequest(`${APPLICATION_MESSAGES.documentFailed}: ${reason}`, { [field]: reason });
  }
  // Private: `/uploads` never serves these; sales staff read them through the back office (docs/business.md).
  const stored = await storeImage(image, `${APPLICATION_DOCUMENTS_PREFIX}${new Date().getUTCFullYear()}/${randomBytes(4).toString('hex')}`);
  return { token: tokenOf(stored.key) };
}

/** Creates a pending application for sales staff to review. */
export async function submitApplication(
  input: SubmitApplicationInput,
  meta: { ip: string | null; language?: Language },
): Promise<SubmittedApplication> {
  const { db, storage } = runtime();
  const certificateKey = input.gstCertificate ? keyOfToken(input.gstCertificate) : null;
  const chequeKey = input.cheque ? keyOfToken(input.cheque) : null;
  for (const [field, key] of [['gstCertificate', certificateKey], ['cheque', chequeKey]] as const) {
    if (key && !(await storage.exists(key))) throw badRequest(APPLICATION_MESSAGES.badDocument, { [field]: APPLICATION_MESSAGES.badDocument });
  }
  await hitLimits([{ key: `application-submit:${ipKey(meta.ip)}`, max: 5, windowSeconds: 3600, message: 'Too many applications. Please try again later.' }]);
  const row = single(
    await db('businessApplications')
      .insert({
        businessName: input.businessName,
        address: input.address,
        contactName: input.contactName,
        phoneNumber: input.phoneNumber,
        email: input.email ?? null,
        pan: input.pan,
        gstin: input.gstin ?? null,
        gstCertificateKey: certificateKey,
        gstAckNumber: input.gstAckNumber ?? null,
        chequeKey,
        cityId: input.cityId ?? null,
        categoryId: input.categoryId ?? null,
      })
      .returning(['id', 'createdAt']),
  );
  return { id: row.id, status: 'pending', message: localize(APPLICATION_MESSAGES.submitted, meta.language ?? 'en'), createdAt: row.createdAt };
}
