// Types for `http_ece` (RFC 8188 / RFC 8291 encrypted content encoding), used by the tests' push endpoint.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface EceParams {
    version?: 'aes128gcm' | 'aesgcm';
    key?: string;
    keyid?: string | Buffer;
    privateKey?: ECDH;
    dh?: string;
    authSecret?: string;
    salt?: string;
    rs?: number;
  }
  const ece: {
    decrypt(buffer: Buffer, params: EceParams): Buffer;
    encrypt(buffer: Buffer, params: EceParams): Buffer;
  };
  export default ece;
}
