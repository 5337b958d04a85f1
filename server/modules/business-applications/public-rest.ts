import type Router from '@koa/router';
import { firstFile, multipart } from '../../lib/multipart.ts';
import { languageOf } from '../../lib/i18n.ts';
import { parseWith } from '../../rest/validate.ts';
import { APPLICATION_MESSAGES, DOCUMENT_MAX_BYTES, submitApplicationSchema } from './schema.ts';
import { submitApplication, uploadApplicationDocument } from './public-service.ts';

/**
 * The public /for-business-form endpoints:
 * - `POST /api/for-business-form/documents` (multipart `file`) → 201 { token };
 * - `POST /api/for-business-form`: JSON with document tokens, or multipart with the files themselves
 *   (`gstCertificate`, `cheque`) → 201 { success, applicationId, status, message }.
 */
export function businessApplicationsPublicRest({ api }: { api: Router; admin: Router }): void {
  api.post(
    '/for-business-form/documents',
    multipart({ files: [{ name: 'file' }], maxFileBytes: DOCUMENT_MAX_BYTES, messagePrefix: APPLICATION_MESSAGES.documentFailed }),
    async (ctx) => {
      const file = firstFile(ctx.state.files, 'file');
      ctx.status = 201;
      ctx.body = await uploadApplicationDocument(file?.buffer ?? null, { ip: ctx.ip });
    },
  );
  api.post(
    '/for-business-form',
    multipart({
      files: [{ name: 'gstCertificate' }, { name: 'cheque' }],
      maxFileBytes: DOCUMENT_MAX_BYTES,
      maxFields: 30,
      messagePrefix: APPLICATION_MESSAGES.documentFailed,
    }),
    async (ctx) => {
      const raw = { ...((ctx.request.body as Record<string, unknown> | undefined) ?? {}) };
      // Multipart: the files become tokens through the same upload path, after the fields validate.
      const certificate = firstFile(ctx.state.files, 'gstCertificate');
      const cheque = firstFile(ctx.state.files, 'cheque');
      const placeholder = 'applications/pending.0000000000000000000000000000000000000000000000000000000000000000';
      parseWith(submitApplicationSchema, { ...raw, ...(certificate ? { gstCertificate: placeholder } : {}), ...(cheque ? { cheque: placeholder } : {}) });
      if (certificate) raw.gstCertificate = (await uploadApplicationDocument(certificate.buffer, { ip: ctx.ip }, 'gstCertificate')).token;
      if (cheque) raw.cheque = (await uploadApplicationDocument(cheque.buffer, { ip: ctx.ip }, 'cheque')).token;
      const application = await submitApplication(parseWith(submitApplicationSchema, raw), { ip: ctx.ip, language: languageOf(ctx.get('Accept-Language')) });
      ctx.status = 201;
      ctx.body = { success: true, applicationId: application.id, status: application.status, message: application.message };
    },
  );
}
