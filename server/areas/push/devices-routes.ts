import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import { brandIdForHost } from '../../../src/contract/brand-host.ts'
import { AVISOS_MAX } from '../../../src/contract/schemas/push.ts'
import * as pushRepo from './repository.ts'
import { HttpError, notFound } from '../../http/errors.ts'
import { contractRoute } from '../../http/contract-route.ts'

export const SUBSCRIPTION_NOT_FOUND = 'Inscrição não encontrada'
export const OWN_ACCOUNT_ONLY = 'Só é possível ativar notificações para a sua própria conta'
export const UNKNOWN_PUSH_SERVICE = 'Serviço de notificações não reconhecido'
export const NOTIFICATIONS_OFF = 'Notificações desativadas neste aparelho'
export const ACTION_RECORDED = 'Ação registrada'
export const TEST_SENT = 'Notificação de teste enviada'
export const AVISO_NOT_FOUND = 'Aviso não encontrado'
/** The test /me sends: to the one device that asked. */
export const TEST_NOTIFICATION = {
  title: 'Notificações ativadas',
  body: 'Este é um teste: este aparelho recebe os avisos da escola.',
  link: '/me',
} as const

/** The browsers' push services: Chrome/Edge/Android (FCM), Firefox, Windows, Safari. */
const BROWSER_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
]

function hostMatches(pattern: string, host: string): boolean {
  return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern
}

/**
 * Whether the server may POST to `endpoint`: https on a browser push service, or on
 * a configured host (`host` or `host:port`, the local stand-in). Anything else would let a
 * signed-in account make the server call an address of its choosing.
 */
export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false
  const hostname = url.hostname.toLowerCase()
  if (extraHosts.some((host) => host === url.host.toLowerCase() || host === hostname)) return true
  return url.port === '' && BROWSER_PUSH_HOSTS.some((pattern) => hostMatches(pattern, hostname))
}

/** SPEC §7 push-notifications and user-actions (issue 11). */
export default async function pushNotificationRoutes(app: FastifyInstance) {
  const db = app.db.orm

  function ownAccount(userId: number, callerId: number) {
    if (userId !== callerId) throw new HttpError(403, OWN_ACCOUNT_ONLY)
  }

  contractRoute(app, contract.pushSubscribe, async ({ body, caller, reply, request }) => {
    ownAccount(body.user_id, caller.id)
    if (!isAllowedPushEndpoint(body.endpoint, app.config.pushServiceHosts)) throw new HttpError(422, UNKNOWN_PUSH_SERVICE)
    const { row, created } = await pushRepo.upsertSubscription(db, caller.id, body, brandIdForHost(request.hostname))
    if (created) reply.code(201)
    return pushRepo.toPushSubscription(row)
  })

  contractRoute(app, contract.pushSubscriptions, async ({ caller }) => {
    const rows = await pushRepo.forUser(db, caller.id).list()
    return rows.map(pushRepo.toPushSubscription)
  })

  contractRoute(app, contract.pushSubscription, async ({ params, caller }) => {
    const row = await pushRepo.forUser(db, caller.id).byAuth(params.auth)
    if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND)
    return pushRepo.toPushSubscription(row)
  })

  contractRoute(app, contract.pushUpdate, async ({ body, caller }) => {
    ownAccount(body.user_id, caller.id)
    const row = await pushRepo.forUser(db, caller.id).update(body)
    if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND)
    return pushRepo.toPushSubscription(row)
  })

  contractRoute(app, contract.pushUnsubscribe, async ({ params, caller }) => {
    if (!(await pushRepo.forUser(db, caller.id).remove(params.id))) throw notFound(SUBSCRIPTION_NOT_FOUND)
    return { detail: NOTIFICATIONS_OFF }
  })

  contractRoute(app, contract.pushTest, async ({ body, caller, reply }) => {
    const subscription = await pushRepo.forUser(db, caller.id).byAuth(body.auth)
    if (!subscription) throw notFound(SUBSCRIPTION_NOT_FOUND)
    await pushRepo.startTestSending(db, subscription, TEST_NOTIFICATION)
    app.push.wake()
    reply.code(202)
    return { detail: TEST_SENT }
  })

  // "Avisos" (issue 40 item 13): the caller's notices and their read state.
  contractRoute(app, contract.avisos, async ({ caller }) => {
    const notices = pushRepo.noticesOf(db, caller.id)
    const [avisos, naoLidos] = await Promise.all([notices.list(AVISOS_MAX), notices.unreadCount()])
    return { avisos, nao_lidos: naoLidos }
  })

  contractRoute(app, contract.avisoLido, async ({ params, caller }) => {
    const aviso = await pushRepo.noticesOf(db, caller.id).markRead(params.id)
    if (!aviso) throw notFound(AVISO_NOT_FOUND)
    return aviso
  })

  contractRoute(app, contract.recordUserAction, async ({ body }) => {
    if (!(await pushRepo.recordUserAction(db, body.delivery_id, body.action))) throw notFound('Notificação não encontrada')
    return { detail: ACTION_RECORDED }
  })
}
