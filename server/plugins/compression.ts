import { constants } from 'node:zlib'
import compress from '@fastify/compress'
import fp from 'fastify-plugin'

/** Answers smaller than this are sent as they are: the encoding overhead eats the saving. */
export const COMPRESSION_THRESHOLD_BYTES = 1024

/**
 * On-the-fly compression (issue 7 §1) of what is made per request: JSON answers and the
 * branded HTML shell. Brotli at quality 5: close to the best ratio for small bodies at a
 * fraction of quality 11's CPU. Static files are compressed at build time instead
 * (scripts/compress-dist.ts, served by static-app.ts with `preCompressed`) and pass through
 * untouched, since they already carry a Content-Encoding.
 *
 * Registered before the routes: @fastify/compress hooks into each route as it is added.
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      // The encodings every browser the portal supports accepts; zstd and deflate add nothing.
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
      // Request bodies are taken as sent: no decompression (and no zip bombs) on the way in.
      globalDecompression: false,
    })
  },
  { name: 'compression', fastify: '5.x' },
)
