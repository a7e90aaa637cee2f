import type { onRequestAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { jwtVerify, SignJWT } from 'jose'
import { canCall, type Access } from '../../src/api/define.ts'
import { tokenVersionOf } from '../db/repositories/accounts.ts'
import { accountSession, type AccountSession } from '../db/repositories/users.ts'
import type { Caller } from '../http/contract-route.ts'
import { HttpError, unauthorized } from '../http/errors.ts'

/** Loads what the token check needs (and, for one endpoint, what its handler needs) in one query. */
export type SessionLoader<S extends AccountSession = AccountSession> = (userId: number) => Promise<S | null>

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService
    /**
     * The onRequest hook of an endpoint that is not public: sets `request.caller` or answers
     * 401 (no valid token) or 403 (a role the endpoint's access excludes, D7).
     */
    authenticate(access: Exclude<Access, 'public'>, load?: SessionLoader<AccountSession>): onRequestAsyncHookHandler
  }
  interface FastifyRequest {
    caller: Caller<AccountSession> | null
  }
}

export interface AuthService {
  /** A token for the account's current token version (a password change invalidates older ones). */
  issueAccessToken(userId: number): Promise<string>
  /** The user id and token version of a validly signed, unexpired token, else null. */
  verifyAccessToken(token: string): Promise<{ userId: number; version: number } | null>
}

const ALGORITHM = 'HS256'
/** `sub` is a user id as canonical text: no sign, no leading zero, no exponent, no spaces. */
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/
const MAX_ID = 2_147_483_647

export const STUDENTS_ONLY = 'Esta função é exclusiva para alunos.'
export const MANAGERS_ONLY = 'Esta função é exclusiva para gestores.'

/** Token claims are read strictly (issue 8): anything unusual is an invalid token, never a guess. */
export function userIdOf(sub: unknown): number | null {
  if (typeof sub !== 'string' || !CANONICAL_ID.test(sub)) return null
  const id = Number(sub)
  return id <= MAX_ID ? id : null
}

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
          // The algorithm is pinned (no `none`, no RS/HS confusion); sub, exp and iat must be there.
          const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['sub', 'exp', 'iat'] })
          const userId = userIdOf(payload.sub)
          // Tokens from before token versions existed carry none: version 0.
          const version = payload.ver === undefined ? 0 : payload.ver
          if (userId === null || typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) return null
          return { userId, version }
        } catch {
          return null
        }
      },
    }

    app.decorate('auth', auth)
    app.decorateRequest('caller', null)
    app.decorate(
      'authenticate',
      function authenticate(access: Exclude<Access, 'public'>, load: SessionLoader = (id) => accountSession(app.db.orm, id)) {
        return async function checkToken(request) {
          const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')
          const token = match ? await auth.verifyAccessToken(match[1]!) : null
          if (token === null) throw unauthorized()
          // One query per request, checked every time: a deleted account's token, or one
          // issued before the last password change, stops working at once.
          const session = await load(token.userId)
          if (session === null || session.tokenVersion !== token.version) throw unauthorized()
          // The same rule the client's guards read (src/api/define.ts).
          if (!canCall({ access }, session.role)) throw new HttpError(403, access === 'student' ? STUDENTS_ONLY : MANAGERS_ONLY)
          request.caller = { id: token.userId, role: session.role, session }
        } satisfies onRequestAsyncHookHandler
      },
    )
  },
  { name: 'auth', dependencies: ['db'], fastify: '5.x' },
)
