import { t } from '@lingui/core/macro';
import type { z } from 'zod';
import { validationMessage } from '@client/lib/validation';
import { gstAckNumberSchema } from '@server/modules/business-account/schema';
import { APPLICATION_MESSAGES, submitApplicationSchema } from '@server/modules/business-applications/schema';

/**
 * The form's checks before anything is sent: each field through the very rule the server applies
 * (business-applications/schema.ts, whose PAN, GSTIN and phone rules are common/schema.ts's), so the
 * two never disagree. Documents are checked here by presence only; the server checks their tokens.
 */
export type ApplicationDraft = {
  businessName: string;
  address: string;
  contactName: string;
  phoneNumber: string;
  email: string;
  pan: string;
  gstin: string;
  gstMode: 'certificate' | 'ack';
  gstAckNumber: string;
  hasCertificate: boolean;
  hasCheque: boolean;
};

export const FORM_MESSAGES = {
  gstProof: APPLICATION_MESSAGES.gstProof,
  chequeRequired: APPLICATION_MESSAGES.chequeRequired,
} as const;

const fields = submitApplicationSchema.shape;

/** The first message of the rule in the reader's language, or null when the value passes. */
function check(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (validationMessage(result.error.issues[0]?.message) ?? t`Invalid value`);
}

export function validateApplication(draft: ApplicationDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  const put = (field: string, message: string | null) => {
    if (message !== null) errors[field] = message;
  };
  put('businessName', check(fields.businessName, draft.businessName));
  put('address', check(fields.address, draft.address));
  put('contactName', check(fields.contactName, draft.contactName));
  put('phoneNumber', check(fields.phoneNumber, draft.phoneNumber));
  put('email', check(fields.email, draft.email.trim()));
  put('pan', check(fields.pan, draft.pan));
  put('gstin', check(fields.gstin, draft.gstin.trim()));
  if (draft.gstMode === 'certificate' && !draft.hasCertificate) errors.gstCertificate = validationMessage(FORM_MESSAGES.gstProof);
  // The server takes the number or the certificate; the form asks for the one its owner chose.
  if (draft.gstMode === 'ack') put('gstAckNumber', check(gstAckNumberSchema, draft.gstAckNumber));
  if (!draft.hasCheque) errors.cheque = validationMessage(FORM_MESSAGES.chequeRequired);
  return errors;
}
