import { AppError } from '../lib/errors.ts';

/**
 * Readers that take the request's bytes as they come (tRPC's body reader, the payment webhooks, whose
 * signature is over those bytes, and multipart uploads) decode no content coding. A body sent with any
 * `Content-Encoding` but `identity` is refused with a 415 before a byte is read (RFC 9110 §15.5.16),
 * rather than taken as if it were plain. The JSON body parser inflates gzip, deflate and br itself.
 */
export function rawBodyEncodingError(contentEncoding: string | undefined): AppError | null {
  const coding = (contentEncoding ?? '').trim().toLowerCase();
  if (coding === '' || coding === 'identity') return null;
  return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Content-Encoding: send this body uncompressed.');
}
