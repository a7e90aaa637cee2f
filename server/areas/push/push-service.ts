import https from 'node:https'
import webpush, { WebPushError } from 'web-push'
import type { VapidKeys } from '../../config.ts'

/** Where a notification goes: the browser's push endpoint and its keys (SPEC §3). */
export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

export interface PushOptions {
  /** Seconds the push service keeps it for an offline device. */
  ttl: number
  urgency: 'very-low' | 'low' | 'normal' | 'high'
  /** A newer message with the same topic replaces an undelivered one (≤ 32 URL-safe characters). */
  topic: string
}

/** The push service's answer: its HTTP status (0: no answer at all) and how long it asked to wait. */
export interface PushResult {
  status: number
  retryAfterMs: number | null
  error: string | null
}

/**
 * The push service, outside our system (D17): the browsers' own by default, a local
 * stand-in in tests (server/test/stand-ins/push-service.ts), both reached the same way.
 */
export interface PushService {
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushResult>
  close(): void
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | null {
  const value = Array.isArray(header) ? header[0] : header
  if (!value) return null
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

/**
 * Real web-push (RFC 8291 aes128gcm encryption, RFC 8292 VAPID) with the server's keys.
 * `ca` trusts a self-signed push service (the stand-in); sockets are kept alive and shared.
 */
export function webPushService({ vapid, subject, ca }: { vapid: VapidKeys; subject: string; ca: string | null }): PushService {
  const agent = new https.Agent({ keepAlive: true, maxSockets: 50, ...(ca ? { ca } : {}) })
  return {
    async send(target, payload, options) {
      try {
        const answer = await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
            TTL: options.ttl,
            urgency: options.urgency,
            topic: options.topic,
            contentEncoding: 'aes128gcm',
            agent,
            timeout: 15_000,
          },
        )
        return { status: answer.statusCode, retryAfterMs: null, error: null }
      } catch (error) {
        if (error instanceof WebPushError) {
          return {
            status: error.statusCode,
            retryAfterMs: retryAfterMs(error.headers['retry-after']),
            error: error.body.slice(0, 300) || error.message,
          }
        }
        // No answer: refused, reset, timed out, bad certificate. Worth another try later.
        return { status: 0, retryAfterMs: null, error: error instanceof Error ? error.message.slice(0, 300) : 'erro de rede' }
      }
    },
    close() {
      agent.destroy()
    },
  }
}
