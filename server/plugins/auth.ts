import type { onRequestAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { jwtVerify, SignJWT } from 'jose'
import { accountExists } from '../db/repositories/accounts.ts'
import type { Caller } from '../http/contract-route.ts'
import { unauthorized } from '../http/errors.ts'

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService
    /** onRequest hook for endpoints with `auth: true`: sets `request.caller` or answers 401. */
    authenticate: onRequestAsyncHookHandler
  }
  interface FastifyRequest {
    caller: Caller | null
  }
}

export interface AuthService {
  issueAccessToken(userId: number): Promise<string>
  /** The user id of a valid, unexpired token, else null. */
  verifyAccessToken(token: string): Promise<number | null>
}

const ALGORITHM = 'HS256'

/**
 * Stateless bearer tokens (D4): an HS256 JWT whose `sub` is the user id, signed with the
 * configured or generated secret (server/secrets.ts). Portal and drive accept the same one.
 */
export default fp(
  async (app) => {
    const key = new TextEncoder().encode(app.secrets.jwtSecret)
    const ttlSeconds = app.config.accessTokenTtlMinutes * 60

    const auth: AuthService = {
      issueAccessToken(userId) {
        const now = Math.floor(Date.now() / 1000)
        return new SignJWT({})
          .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
          .setSubject(String(userId))
          .setIssuedAt(now)
          .setExpirationTime(now + ttlSeconds)
          .sign(key)
      },
      async verifyAccessToken(token) {
        try {
          const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['sub', 'exp'] })
          const id = Number(payload.sub)
          return Number.isSafeInteger(id) && id > 0 ? id : null
        } catch {
          return null
        }
      },
    }

    app.decorate('auth', auth)
    app.decorateRequest('caller', null)
    app.decorate('authenticate', async function authenticate(request) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')
      const userId = match ? await auth.verifyAccessToken(match[1]!) : null
      // Checked on every call so a deleted account's token stops working at once.
      if (userId === null || !(await accountExists(app.db.orm, userId))) throw unauthorized()
      request.caller = { id: userId }
    } satisfies onRequestAsyncHookHandler)
  },
  { name: 'auth', dependencies: ['db'], fastify: '5.x' },
)
