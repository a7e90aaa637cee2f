import * as v from 'valibot'
import { BodyId, IsoDateTime, pageQuery, Text } from './common.ts'

/** A row id (PostgreSQL int4): a larger number names nothing and is refused before the database. */

/** SPEC §3 push subscription `device_type`. */
export const DEVICE_TYPES = ['mobile', 'desktop'] as const
export type DeviceType = (typeof DEVICE_TYPES)[number]

/**
 * The subscription's secrets as the browser's `PushSubscription.toJSON().keys` gives them
 * (base64url): `p256dh` a P-256 public key (65 bytes → 87 characters), `auth` 16 bytes
 * (22 characters). `auth` also names the subscription in paths (SPEC §7) and is redacted
 * from every log.
 */
const Base64Url = (min: number, max: number) => v.pipe(Text(max), v.minLength(min), v.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Formato inválido'))
export const PushAuth = Base64Url(16, 64)
export const PushP256dh = Base64Url(80, 128)

/** SPEC §7 POST /push-notifications/subscribe/: `user_id` is the caller's own account. */
export const PushSubscribeBody = v.object({
  user_id: BodyId,
  /** The push service's URL for this browser: https, on a known push service. */
  endpoint: v.pipe(Text(2048), v.url('Por favor, insira uma URL válida')),
  p256dh: PushP256dh,
  auth: PushAuth,
  is_pwa: v.boolean(),
  device_type: v.picklist(DEVICE_TYPES),
})
export type PushSubscribeBody = v.InferOutput<typeof PushSubscribeBody>

/** SPEC §7 PUT /push-notifications/update/: keeps a subscription current, moving it to the caller's account. */
export const PushUpdateBody = v.object({
  user_id: BodyId,
  auth: PushAuth,
  is_pwa: v.boolean(),
  device_type: v.picklist(DEVICE_TYPES),
})
export type PushUpdateBody = v.InferOutput<typeof PushUpdateBody>

/** A device of the caller's that receives notifications. The push endpoint and keys stay on the server. */
export const PushSubscription = v.object({
  id: BodyId,
  user_id: BodyId,
  auth: v.string(),
  is_pwa: v.boolean(),
  device_type: v.picklist(DEVICE_TYPES),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type PushSubscription = v.InferOutput<typeof PushSubscription>

/** POST /push-notifications/test/: a test notification to this device only (issue 11, /me). */
export const PushTestBody = v.object({ auth: PushAuth })

/** What a student did with a notification (issue 11): recorded by the service worker. */
export const USER_ACTIONS = ['clicked', 'dismissed'] as const
export type UserActionKind = (typeof USER_ACTIONS)[number]

/**
 * POST /user-actions/: the delivery's id is the capability. It travels only inside
 * the encrypted payload to the device it was sent to, so the worker can record a click even
 * after a logout cleared its token.
 */
export const UserActionBody = v.object({
  delivery_id: v.pipe(Text(36), v.uuid('Formato inválido')),
  action: v.picklist(USER_ACTIONS),
})

/** One recorded action, as GET /user-actions/{id}/ lists them for a sending's history. */
export const UserAction = v.object({
  delivery_id: v.string(),
  user_id: BodyId,
  full_name: v.nullable(v.string()),
  action: v.picklist(USER_ACTIONS),
  at: IsoDateTime,
})
export type UserAction = v.InferOutput<typeof UserAction>

/** Who a sending reaches (D17): everyone, a brand, a school, a class or chosen students. */
export const AUDIENCE_KINDS = ['todos', 'marca', 'escola', 'turma', 'alunos'] as const
export type AudienceKind = (typeof AUDIENCE_KINDS)[number]

export const PushAudience = v.variant('kind', [
  v.object({ kind: v.literal('todos') }),
  v.object({ kind: v.literal('marca'), brand: v.picklist(['knn', 'phenom']) }),
  v.object({ kind: v.literal('escola'), escola_id: BodyId }),
  v.object({ kind: v.literal('turma'), turma_id: BodyId }),
  v.object({
    kind: v.literal('alunos'),
    user_ids: v.pipe(v.array(BodyId), v.minLength(1, 'Escolha pelo menos um aluno'), v.maxLength(500)),
  }),
])
export type PushAudience = v.InferOutput<typeof PushAudience>

/** Limits of a notification's texts: what phones show without cutting much. */
export const PUSH_TITLE_MAX = 80
export const PUSH_BODY_MAX = 240

/** A deep link inside the portal: a path of the app, never another site (D17). */
export const PushLink = v.pipe(Text(300), v.regex(/^\/(?!\/)[A-Za-z0-9\-._~/?=&%#]*$/, 'Escolha uma página do portal'))

/** What a manager composes (POST /push-sending/; PUT adds `id`). */
export const PushSendingInput = v.object({
  title: v.pipe(Text(PUSH_TITLE_MAX), v.trim(), v.minLength(1, 'Este campo é obrigatório')),
  body: v.pipe(Text(PUSH_BODY_MAX), v.trim(), v.minLength(1, 'Este campo é obrigatório')),
  link: PushLink,
  image_url: v.nullable(
    v.pipe(Text(1000), v.url('Por favor, insira uma URL válida'), v.startsWith('https://', 'A imagem precisa de um endereço https')),
  ),
  audience: PushAudience,
})
export type PushSendingInput = v.InferOutput<typeof PushSendingInput>

export const PushSendingUpdate = v.object({ id: BodyId, ...PushSendingInput.entries })

/**
 * A sending's life: `rascunho` (editable), `agendado` (waits for `scheduled_for`),
 * `enviando` (deliveries queued), `concluido` (every delivery ended).
 */
export const PUSH_SENDING_STATUS = ['rascunho', 'agendado', 'enviando', 'concluido'] as const
export type PushSendingStatus = (typeof PUSH_SENDING_STATUS)[number]

/** Per-sending counts (issue 11 history). */
export const PushCounts = v.object({
  targeted: v.number(),
  queued: v.number(),
  sent: v.number(),
  failed: v.number(),
  gone: v.number(),
  clicked: v.number(),
  dismissed: v.number(),
})
export type PushCounts = v.InferOutput<typeof PushCounts>

export const PushSending = v.object({
  id: BodyId,
  title: v.string(),
  body: v.string(),
  link: v.string(),
  image_url: v.nullable(v.string()),
  audience: PushAudience,
  status: v.picklist(PUSH_SENDING_STATUS),
  scheduled_for: v.nullable(IsoDateTime),
  started_at: v.nullable(IsoDateTime),
  finished_at: v.nullable(IsoDateTime),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  created_by_name: v.nullable(v.string()),
  /** Subscriptions the audience reaches now (a draft) or reached when sent. */
  audience_size: v.number(),
  counts: PushCounts,
})
export type PushSending = v.InferOutput<typeof PushSending>

/** Most sendings one page of the history lists. */
export const PUSH_SENDINGS_PAGE_MAX = 100

/** The history's filter (one status, or all) and page; newest first. */
export const PushSendingsQuery = v.object({
  status: v.optional(v.picklist(PUSH_SENDING_STATUS, 'Escolha uma das situações: rascunho, agendado, enviando ou concluido.')),
  ...pageQuery(PUSH_SENDINGS_PAGE_MAX),
})

/** One page of the history: the sendings with their counts, and how many the filter matches. */
export const PushSendingsPage = v.object({
  items: v.array(PushSending),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type PushSendingsPage = v.InferOutput<typeof PushSendingsPage>

/** POST /push-sending/send/: now (`scheduled_for` null) or later. */
export const PushSendBody = v.object({
  id: BodyId,
  scheduled_for: v.nullable(v.pipe(Text(40), v.isoTimestamp('Informe data e hora válidas'))),
})

export const DELIVERY_STATUS = ['queued', 'sent', 'failed', 'gone'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUS)[number]

/** One row of a sending's delivery log: one target subscription. */
export const PushDelivery = v.object({
  id: v.string(),
  user_id: v.nullable(BodyId),
  full_name: v.nullable(v.string()),
  device_type: v.nullable(v.picklist(DEVICE_TYPES)),
  status: v.picklist(DELIVERY_STATUS),
  attempts: v.number(),
  /** The push service's last HTTP status (201, 410, 429…); null before the first try. */
  last_status: v.nullable(v.number()),
  /** What the push service or the network said last, as it said it: for support, not for the screen. */
  last_error: v.nullable(v.string()),
  /** When a queued delivery is tried again (null: sent, given up, or not tried yet). */
  next_attempt_at: v.nullable(IsoDateTime),
  updated_at: IsoDateTime,
})
export type PushDelivery = v.InferOutput<typeof PushDelivery>

export const PushSendingLog = v.object({
  sending: PushSending,
  deliveries: v.array(PushDelivery),
})
export type PushSendingLog = v.InferOutput<typeof PushSendingLog>

/** What the compose screen's audience pickers offer. */
export const PushAudienceOptions = v.object({
  escolas: v.array(v.object({ escola_id: BodyId, nome: v.string() })),
  turmas: v.array(v.object({ id: BodyId, nome: v.string(), escola: v.string() })),
})
export type PushAudienceOptions = v.InferOutput<typeof PushAudienceOptions>

export const PushStudentSearchQuery = v.object({ busca: v.pipe(Text(100), v.trim(), v.minLength(2, 'Digite pelo menos 2 letras')) })
export const PushStudent = v.object({ id: BodyId, full_name: v.nullable(v.string()), email: v.nullable(v.string()) })
export type PushStudent = v.InferOutput<typeof PushStudent>

/**
 * What the service worker receives, encrypted (D17): shown as a notification; `tag`
 * replaces an earlier one of the same sending; `delivery_id` records clicks.
 */
export const PushPayload = v.object({
  title: v.string(),
  body: v.string(),
  link: v.string(),
  image: v.nullable(v.string()),
  tag: v.string(),
  delivery_id: v.nullable(v.string()),
})
export type PushPayload = v.InferOutput<typeof PushPayload>

/**
 * The worker's word to a visible portal tab that a push arrived (issue 11, SPEC §3
 * notification queue): the tab shows it in the page as well as the system notification.
 */
export const PushInAppMessage = v.object({
  type: v.literal('push-message'),
  title: v.string(),
  body: v.string(),
  link: v.string(),
})
export type PushInAppMessage = v.InferOutput<typeof PushInAppMessage>

/**
 * The worker's word to every portal tab, visible or not, that a push arrived (issue 40 item
 * 13): the tab reads its Avisos again, so the list and the unread count take it in.
 */
export const PushReceivedMessage = v.object({ type: v.literal('push-received') })
export type PushReceivedMessage = v.InferOutput<typeof PushReceivedMessage>

/** How many notices `GET /push-notifications/avisos/` answers at most: the newest. */
export const AVISOS_MAX = 100

/**
 * A notice in "Avisos" (issue 40 item 13): a push sent to the student, kept whether or not
 * it reached a device. `id` is the sending's; `read_at` null while unread.
 */
export const Aviso = v.object({
  id: BodyId,
  title: v.string(),
  body: v.string(),
  link: v.string(),
  image_url: v.nullable(v.string()),
  sent_at: IsoDateTime,
  read_at: v.nullable(IsoDateTime),
})
export type Aviso = v.InferOutput<typeof Aviso>

/** The student's notices, newest first (at most `AVISOS_MAX`), and how many of all of hers are unread. */
export const Avisos = v.object({
  avisos: v.pipe(v.array(Aviso), v.maxLength(AVISOS_MAX)),
  nao_lidos: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type Avisos = v.InferOutput<typeof Avisos>
