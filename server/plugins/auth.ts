import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto'
import fp from 'fastify-plugin'
import { SignJWT } from 'jose'
import { brandIdForHost } from '../../src/contract/brand-host.ts'
import { canCall, type Access, type Role } from '../../src/contract/define.ts'
import { SESSION_ENDED } from '../../src/contract/session-ended.ts'
import { deviceLabel } from '../areas/auth/device-label.ts'
import { tokenVersionOf } from '../areas/auth/accounts-repository.ts'
import { extendSession, LAST_SEEN_STEP_MS, openSession, touchSession } from '../areas/auth/sessions-repository.ts'
import { accountSession, type AccountSession } from '../areas/users/repository.ts'
import { HttpError, unauthorized } from '../http/errors.ts'

/** The authenticated account making the request, with what its session query loaded. */
export interface Caller<S extends AccountSession = AccountSession> {
  readonly id: number
  readonly role: Role
  readonly session: S
}

/**
 * Loads what the token check needs (and, for one endpoint, what its handler needs) in one
 * query: the account and the token's session.
 */
export type SessionLoader<S extends AccountSession = AccountSession> = (userId: number, sessionId: string) => Promise<S | null>

/** A 401 for a token whose session was ended: the client says so on the login screen. */
export const sessionEnded = () => new HttpError(401, SESSION_ENDED, { 'WWW-Authenticate': 'Bearer' })

/** Where a login came from, for the session's list entry (the request that logged in). */
export type LoginRequest = Pick<FastifyRequest, 'headers' | 'hostname'>

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
    /** The session of the request's token; null on public endpoints. */
    sessionId: string | null
  }
}

export interface AuthService {
  /**
   * A login: opens a session for the account (device from the request's User-Agent, brand
   * from its host) and answers its first token. Every token the server hands out comes from
   * here or from `renewAccessToken` (issue 36 item 3).
   */
  openSession(userId: number, request?: LoginRequest): Promise<string>
  /**
   * A new token for a live session, for the account's current token version (a password
   * change voids older tokens, this session's too, and keeps the session). Null: the session
   * has ended meanwhile.
   */
  renewAccessToken(userId: number, sessionId: string): Promise<string | null>
  /** The user id, token version and session of a validly signed, unexpired token, else null. */
  verifyAccessToken(token: string): { userId: number; version: number; sessionId: string } | null
}

const ALGORITHM = 'HS256'
/** `sub` is a user id as canonical text: no sign, no leading zero, no exponent, no spaces. */
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/
/** `sid`: a session id as server/areas/auth/sessions-repository.ts makes them. */
const SESSION_ID = /^[A-Za-z0-9_-]{22}$/
const MAX_ID = 2_147_483_647

export const STUDENTS_ONLY = 'Esta função é exclusiva para alunos.'
export const MANAGERS_ONLY = 'Esta função é exclusiva para gestores.'

/** Token claims are read strictly (issue 8): anything unusual is an invalid token, never a guess. */
export function userIdOf(sub: unknown): number | null {
  if (typeof sub !== 'string' || !CANONICAL_ID.test(sub)) return null
  const id = Number(sub)
  return id <= MAX_ID ? id : null
}

/** Three base64url parts: header, claims, signature (RFC 7515 compact serialisation). */
const COMPACT_JWS = /^([\w-]+)\.([\w-]+)\.([\w-]+)$/

function jsonObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/**
 * The claims of a compact HS256 JWS signed with `key`, checked as jose's jwtVerify checks
 * them with the algorithm pinned and sub, exp and iat required; else null. Synchronous
 * node:crypto instead of jose's WebCrypto: on every authenticated request, the key import
 * and the thread-pool round trip of `subtle.verify` cost more than the rest of the route
 * (issue 7 item 8).
 */
export function verifyHs256(token: string, key: KeyObject, nowSeconds: number): Record<string, unknown> | null {
  const parts = COMPACT_JWS.exec(token)
  if (!parts) return null
  const [, header, claims, signature] = parts as unknown as [string, string, string, string]
  // The signature first: nothing the sender wrote is parsed before it is known to be ours.
  const expected = createHmac('sha256', key).update(`${header}.${claims}`).digest('base64url')
  if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return null
  const protectedHeader = jsonObject(header)
  // No `none`, no other HMAC, no critical extensions we would have to understand.
  if (protectedHeader?.alg !== ALGORITHM || protectedHeader.crit !== undefined) return null
  const payload = jsonObject(claims)
  if (!payload || !Object.hasOwn(payload, 'sub')) return null
  const { exp, iat, nbf } = payload
  if (typeof exp !== 'number' || typeof iat !== 'number' || (nbf !== undefined && typeof nbf !== 'number')) return null
  if (exp <= nowSeconds || (typeof nbf === 'number' && nbf > nowSeconds)) return null
  return payload
}

/**
 * Bearer tokens (D4): an HS256 JWT whose `sub` is the user id and `sid` its session,
 * signed with the configured or generated secret (server/secrets.ts). Portal and drive accept
 * the same one. Each request reads the account and the session in one query, so an ended
 * session's token is refused from its next request on.
 */
export default fp(
  async (app) => {
    const signingKey = new TextEncoder().encode(app.secrets.jwtSecret)
    const key = createSecretKey(signingKey)
    const ttlSeconds = app.config.accessTokenTtlMinutes * 60

    async function sign(userId: number, sessionId: string, now: number): Promise<string> {
      const version = (await tokenVersionOf(app.db.orm, userId)) ?? 0
      return new SignJWT({ ver: version, sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(signingKey)
    }

    const auth: AuthService = {
      async openSession(userId, request) {
        const now = Math.floor(Date.now() / 1000)
        const sessionId = await openSession(app.db.orm, {
          userId,
          device: deviceLabel(request?.headers['user-agent']),
          brand: brandIdForHost(request?.hostname ?? ''),
          expiresAt: new Date((now + ttlSeconds) * 1000),
        })
        return sign(userId, sessionId, now)
      },
      async renewAccessToken(userId, sessionId) {
        const now = Math.floor(Date.now() / 1000)
        if (!(await extendSession(app.db.orm, userId, sessionId, new Date((now + ttlSeconds) * 1000)))) return null
        return sign(userId, sessionId, now)
      },
      verifyAccessToken(token) {
        const payload = verifyHs256(token, key, Math.floor(Date.now() / 1000))
        if (!payload) return null
        const userId = userIdOf(payload.sub)
        // Tokens from before token versions existed carry none: version 0.
        const version = payload.ver === undefined ? 0 : payload.ver
        if (userId === null || typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) return null
        // A token from before sessions (no `sid`) is refused: nothing could ever end it.
        const sessionId = payload.sid
        if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) return null
        return { userId, version, sessionId }
      },
    }

    app.decorate('auth', auth)
    app.decorateRequest('caller', null)
    app.decorateRequest('sessionId', null)
    app.decorate(
      'authenticate',
      function authenticate(
        access: Exclude<Access, 'public'>,
        load: SessionLoader = (id, sessionId) => accountSession(app.db.orm, id, sessionId),
      ) {
        return async function checkToken(request) {
          const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')
          const token = match ? auth.verifyAccessToken(match[1]!) : null
          if (token === null) throw unauthorized()
          // One query per request, checked every time: a deleted account's token, one of an
          // ended session, or one issued before the last password change stops working at once.
          const session = await load(token.userId, token.sessionId)
          if (session === null || session.device === null) throw unauthorized()
          // Before the version: a reset ends every session and bumps the version; the student
          // is told the session was ended, not that it expired.
          if (session.device.revokedAt !== null) throw sessionEnded()
          if (session.tokenVersion !== token.version) throw unauthorized()
          // The same rule the client's guards read (src/contract/define.ts).
          if (!canCall({ access }, session.role)) throw new HttpError(403, access === 'student' ? STUDENTS_ONLY : MANAGERS_ONLY)
          // "Last seen" in steps: one small write every few minutes per device, none in between.
          if (Date.now() - session.device.lastSeenAt.getTime() >= LAST_SEEN_STEP_MS) await touchSession(app.db.orm, token.sessionId)
          request.caller = { id: token.userId, role: session.role, session }
          request.sessionId = token.sessionId
        } satisfies onRequestAsyncHookHandler
      },
    )
  },
  { name: 'auth', dependencies: ['db'], fastify: '5.x' },
)
