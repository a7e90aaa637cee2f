import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PORTAL_BASE_PATH } from '../../http/contract-route.ts'

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; issue 36).
 * After a successful login the browser gets a signed cookie naming the login
 * identifier it proved a password for. A later attempt that presents one for the same
 * identifier is counted on that device's own budget, not on the account's and the address's
 * counters, so failures a stranger piles up elsewhere never lock the owner's known device.
 *
 * One entry is `nonce.issuedAt.mac`: 16 random bytes, the issue time in seconds, and an
 * HMAC-SHA256 over the identifier, the nonce and the time with a key derived from the server
 * secret (server/secrets.ts). The identifier itself is not in the cookie (no e-mail or CPF
 * in clear on the device): an entry is valid for an identifier when its MAC is. The cookie
 * holds the entries of the last few accounts that logged in on the device (a shared family
 * computer, siblings), newest first, joined by `~`.
 */
export const DEVICE_COOKIE = 'portal_device'
/** How long a device stays known without a login (the browser's Max-Age and the server's check alike). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60
/** Accounts remembered per device. */
const MAX_ENTRIES = 5
/** Sent only to the login endpoints: access-token and recover-password. */
export const DEVICE_COOKIE_PATH = `${PORTAL_BASE_PATH}/login/`

const ENTRY = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/

interface Entry {
  nonce: string
  issuedAt: number
  mac: string
}

function deviceKey(secret: string): Buffer {
  // Its own key: a MAC of this cookie can never pass for a token signature.
  return createHmac('sha256', secret).update('portal login device cookie v1').digest()
}

function macOf(key: Buffer, identifier: string, nonce: string, issuedAt: number): string {
  return createHmac('sha256', key).update(`${identifier}\0${nonce}\0${issuedAt}`).digest('base64url')
}

/** The cookie's value in a Cookie header, or null. */
function cookieValue(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.split('=')
    if (name?.trim() === DEVICE_COOKIE) return rest.join('=').trim()
  }
  return null
}

/** Well-formed, unexpired entries (any identifier). */
function entriesOf(header: string | undefined, nowSeconds: number): Entry[] {
  const value = cookieValue(header)
  if (!value) return []
  const entries: Entry[] = []
  for (const text of value.split('~').slice(0, MAX_ENTRIES)) {
    const match = ENTRY.exec(text)
    if (!match) continue
    const issuedAt = Number(match[2])
    if (issuedAt > nowSeconds + 60 || nowSeconds - issuedAt > DEVICE_COOKIE_MAX_AGE_SECONDS) continue
    entries.push({ nonce: match[1]!, issuedAt, mac: match[3]! })
  }
  return entries
}

function validFor(key: Buffer, identifier: string, entry: Entry): boolean {
  const expected = Buffer.from(macOf(key, identifier, entry.nonce, entry.issuedAt))
  const given = Buffer.from(entry.mac)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/**
 * The nonce of the request's device cookie entry for `identifier` (the normalised login
 * identifier), or null: an unknown device, or a cookie for another account, forged or expired.
 */
export function knownDevice(secret: string, cookieHeader: string | undefined, identifier: string, now = new Date()): string | null {
  const key = deviceKey(secret)
  const entry = entriesOf(cookieHeader, Math.floor(now.getTime() / 1000)).find((candidate) => validFor(key, identifier, candidate))
  return entry?.nonce ?? null
}

/** The cookie's new value after a successful login for `identifier`: a fresh entry first, the other accounts' kept. */
export function rememberedDevice(secret: string, cookieHeader: string | undefined, identifier: string, now = new Date()): string {
  const key = deviceKey(secret)
  const nowSeconds = Math.floor(now.getTime() / 1000)
  const nonce = randomBytes(16).toString('base64url')
  const fresh = `${nonce}.${nowSeconds}.${macOf(key, identifier, nonce, nowSeconds)}`
  const others = entriesOf(cookieHeader, nowSeconds)
    .filter((entry) => !validFor(key, identifier, entry))
    .map((entry) => `${entry.nonce}.${entry.issuedAt}.${entry.mac}`)
  return [fresh, ...others].slice(0, MAX_ENTRIES).join('~')
}

/** knownDevice for a request this app answers. */
export function knownDeviceOf(app: FastifyInstance, request: FastifyRequest, identifier: string): string | null {
  return knownDevice(app.secrets.jwtSecret, request.headers.cookie, identifier)
}

/**
 * Sets the device cookie after a successful login: HttpOnly (no script reads it), Secure on
 * https, SameSite=Strict (never sent by another site's form), only to the login endpoints.
 */
export function rememberDevice(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, identifier: string): void {
  const value = rememberedDevice(app.secrets.jwtSecret, request.headers.cookie, identifier)
  const attributes = [
    `${DEVICE_COOKIE}=${value}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(request.protocol === 'https' ? ['Secure'] : []),
  ]
  reply.header('set-cookie', attributes.join('; '))
}
