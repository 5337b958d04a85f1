import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from './i18n';

/**
 * The shared zod schemas (server/modules/<m>/schema.ts) check the client's forms too, and their messages
 * are English, SPEC's words. This is how a form shows one in the reader's language: each message a form
 * can meet, keyed by its exact English text (the catalog test checks the keys are the messages, and that
 * the Hindi is the server's own for the same words). A message not listed here shows as it is.
 */
const MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  'Phone Number is required': msg`Phone Number is required`,
  'Please enter a valid phone number': msg`Please enter a valid phone number`,
  'otp is required': msg`otp is required`,
  'otp should be of 6 digits': msg`otp should be of 6 digits`,
  'Name is required': msg`Name is required`,
  'Name is too long': msg`Name is too long`,
  'Email is required': msg`Email is required`,
  'Invalid email address': msg`Invalid email address`,
  'PAN is required': msg`PAN is required`,
  'Please enter a valid PAN (like ABCDE1234F)': msg`Please enter a valid PAN (like ABCDE1234F)`,
  'GSTIN is required': msg`GSTIN is required`,
  'Please enter a valid GSTIN': msg`Please enter a valid GSTIN`,
  'This GSTIN is not valid: check the last character': msg`This GSTIN is not valid: check the last character`,
  'Acknowledgment number is required': msg`Acknowledgment number is required`,
  'The acknowledgment number has 10 to 20 letters and digits': msg`The acknowledgment number has 10 to 20 letters and digits`,
  'GST certificate is mandatory; give the acknowledgment number while it is pending': msg`GST certificate is mandatory; give the acknowledgment number while it is pending`,
  'Upload a cancelled cheque or the passbook page': msg`Upload a cancelled cheque or the passbook page`,
  'Use a time like 18:30': msg`Use a time like 18:30`,
  'The end time must be after the start time': msg`The end time must be after the start time`,
  'Time slots must not overlap': msg`Time slots must not overlap`,
  'Give a discount, or pick an ad that has one': msg`Give a discount, or pick an ad that has one`,
  'The discount must be between 0 and 100': msg`The discount must be between 0 and 100`,
  'The discount must be a number': msg`The discount must be a number`,
  'Pick an event offer whose event is on this date': msg`Pick an event offer whose event is on this date`,
  'Business name is required': msg`Business name is required`,
  'Business address is required': msg`Business address is required`,
  'City is required': msg`City is required`,
  'Category is required': msg`Category is required`,
  'PIN code is required': msg`PIN code is required`,
  'Enter a 6-digit PIN code': msg`Enter a 6-digit PIN code`,
  'Subject is required': msg`Subject is required`,
  'City is too long': msg`City is too long`,
  'Message is too long (1000 characters at most)': msg`Message is too long (1000 characters at most)`,
  'Subject is too long (at most 150 characters)': msg`Subject is too long (at most 150 characters)`,
  'Message is too long (at most 2000 characters)': msg`Message is too long (at most 2000 characters)`,
  'Message is required': msg`Message is required`,
  'Username is required': msg`Username is required`,
  'Password is required': msg`Password is required`,
  'Username must have at least 3 characters': msg`Username must have at least 3 characters`,
  'Use letters, digits and . _ @ - only': msg`Use letters, digits and . _ @ - only`,
  'Password must have at least 8 characters': msg`Password must have at least 8 characters`,
  'Please enter the bill amount': msg`Please enter the bill amount`,
  'Enter the amount in rupees, with at most two decimals': msg`Enter the amount in rupees, with at most two decimals`,
  'The bill must be at least ₹1': msg`The bill must be at least ₹1`,
  'The bill can be at most ₹10,00,000': msg`The bill can be at most ₹10,00,000`,
  'Minimum bill of ₹50 to apply any offer': msg`Minimum bill of ₹50 to apply any offer`,
  "Enter the receipt id shown on the shopper's screen, e.g. BCH-7K2M9QXA": msg`Enter the receipt id shown on the shopper's screen, e.g. BCH-7K2M9QXA`,
};

/** The listed English messages (the catalog test compares them with the server's Hindi catalog). */
export const VALIDATION_MESSAGES: Readonly<Record<string, MessageDescriptor>> = MESSAGES;

/** A schema's message in the reader's language (unknown ones as they are). */
export function validationMessage(message: string): string;
export function validationMessage(message: string | undefined): string | undefined;
export function validationMessage(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const descriptor = MESSAGES[message];
  return descriptor ? i18n._(descriptor) : message;
}

/** The first issue of a failed `safeParse`, in the reader's language. */
export function firstIssue(error: { issues: readonly { message: string }[] }): string | undefined {
  return validationMessage(error.issues[0]?.message);
}
