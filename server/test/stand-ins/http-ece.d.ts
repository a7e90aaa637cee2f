// http_ece ships no types: the one call the push-service stand-in makes.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'

  interface DecryptParams {
    version: 'aes128gcm'
    privateKey: ECDH
    authSecret: Buffer
  }
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer
}
