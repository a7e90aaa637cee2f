import multipart from '@fastify/multipart'
import fp from 'fastify-plugin'

/**
 * Multipart bodies (@fastify/multipart, streaming): contract endpoints that declare file
 * parts read them with `receiveMultipart` (server/http/multipart-body.ts), which checks
 * each file while it streams into file storage, hence the dependency. The limits here
 * bound what any multipart request may carry; each endpoint's own limits are tighter.
 */
export default fp(
  async (app) => {
    await app.register(multipart, {
      // A file at the size limit ends with `truncated` set instead of an error thrown
      // mid-iteration; receiveMultipart checks sizes itself and answers 413.
      throwFileSizeLimit: false,
      limits: {
        fieldNameSize: 100,
        // Text fields are bounded by their schemas; this bounds what is buffered before.
        fieldSize: app.config.bodyLimitBytes,
        fields: 50,
        parts: 100,
        headerPairs: 100,
      },
    })
  },
  { name: 'uploads', fastify: '5.x', dependencies: ['file-storage'] },
)
