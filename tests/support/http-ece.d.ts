/** The part of http_ece (RFC 8188 content encoding) the push test uses to decrypt what the server sent. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; dh?: string; authSecret: string },
  ): Buffer;
}
