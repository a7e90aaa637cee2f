import type { onRequestAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { jwtVerify, SignJWT } from 'jose'
import { tokenVersionOf } from '../db/repositories/accounts.ts'
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
  /** A token for the account's current token version (a password change invalidates older ones). */
  issueAccessToken(userId: number): Promise<string>
  /** The user id and token version of a validly signed, unexpired token, else null. */
  verifyAccessToken(token: string): Promise<{ userId: number; version: number } | null>
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
      async issueAccessToken(userId) {
        const now = Math.floor(Date.now() / 1000)
        const version = (await tokenVersionOf(app.db.orm, userId)) ?? 0
        return new SignJWT({ ver: version })
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
          // Tokens from before token versions existed count as version 0.
          const version = typeof payload.ver === 'number' ? payload.ver : 0
          return Number.isSafeInteger(id) && id > 0 ? { userId: id, version } : null
        } catch {
          return null
        }
      },
    }

    app.decorate('auth', auth)
    app.decorateRequest('caller', null)
    app.decorate('authenticate', async function authenticate(request) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')
      const token = match ? await auth.verifyAccessToken(match[1]!) : null
      // Checked on every call: a deleted account's token, or one issued before the last
      // password change, stops working at once.
      if (token === null || (await tokenVersionOf(app.db.orm, token.userId)) !== token.version) throw unauthorized()
      request.caller = { id: token.userId }
    } satisfies onRequestAsyncHookHandler)
  },
  { name: 'auth', dependencies: ['db'], fastify: '5.x' },
)
