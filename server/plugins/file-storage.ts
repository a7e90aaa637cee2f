import path from 'node:path'
import fp from 'fastify-plugin'
import type { FileStorage } from '../storage/file-storage.ts'
import { localDiskStorage } from '../storage/local-disk.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live (server/storage/file-storage.ts): local disk, S3, or a test's. */
    fileStorage: FileStorage
  }
}

export interface FileStoragePluginOptions {
  /** Another storage than the local disk's. */
  storage?: FileStorage
}

export default fp<FileStoragePluginOptions>(
  async (app, options) => {
    const { s3 } = app.config
    // The AWS SDK loads only when S3 is configured: a local demo starts without it.
    const storage =
      options.storage ??
      (s3 ? (await import('../storage/s3.ts')).s3Storage(s3) : await localDiskStorage(path.join(app.config.dataDir, 'files')))
    app.log.info({ fileStorage: options.storage ? 'custom' : s3 ? 's3' : 'local-disk' }, 'file storage ready')
    app.decorate('fileStorage', storage)
  },
  { name: 'file-storage', fastify: '5.x' },
)
