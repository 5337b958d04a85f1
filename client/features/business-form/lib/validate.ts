import { phoneNumberSchema } from '@server/modules/common/schema';

/** The form's checks before anything is sent (the server checks the same again). */
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
  gstProof: 'GST certificate is mandatory; give the acknowledgment number while it is pending',
  chequeRequired: 'Upload a cancelled cheque or the passbook page',
} as const;

export function validateApplication(draft: ApplicationDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (draft.businessName.trim().length < 2) errors.businessName = 'Business name is required';
  if (draft.address.trim().length < 5) errors.address = 'Business address is required';
  if (!draft.contactName.trim()) errors.contactName = 'Name is required';
  const phone = phoneNumberSchema.safeParse(draft.phoneNumber);
  if (!phone.success) errors.phoneNumber = phone.error.issues[0]?.message ?? 'Please enter a valid phone number';
  if (draft.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())) errors.email = 'Invalid email address';
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(draft.pan.replace(/\s/g, '').toUpperCase())) errors.pan = 'Please enter a valid PAN (like ABCDE1234F)';
  if (draft.gstMode === 'certificate' && !draft.hasCertificate) errors.gstCertificate = FORM_MESSAGES.gstProof;
  if (draft.gstMode === 'ack' && !/^[A-Za-z0-9]{10,20}$/.test(draft.gstAckNumber.replace(/\s/g, ''))) {
    errors.gstAckNumber = 'The acknowledgment number has 10 to 20 letters and digits';
  }
  if (!draft.hasCheque) errors.cheque = FORM_MESSAGES.chequeRequired;
  return errors;
}
