import * as v from 'valibot'
import { defineEndpoint } from '../define.ts'
import { DetailMessage, IdParam } from '../schemas/common.ts'
import {
  Aviso,
  Avisos,
  PushAudienceOptions,
  PushAuth,
  PushSendBody,
  PushSending,
  PushSendingInput,
  PushSendingLog,
  PushSendingsPage,
  PushSendingsQuery,
  PushSendingUpdate,
  PushStudent,
  PushStudentSearchQuery,
  PushSubscribeBody,
  PushSubscription,
  PushTestBody,
  PushUpdateBody,
  UserAction,
  UserActionBody,
} from '../schemas/push.ts'

const subscriptionNotFound = { 404: 'Inscrição não encontrada' } as const
const sendingNotFound = { 404: 'Envio não encontrado' } as const

/**
 * Push notifications (issue 11, SPEC §7 push-notifications and push sending, D17): a
 * device's subscription, any signed-in account's; the sending API, managers' only (D7),
 * under `/push-sending/` (D17).
 */
export const pushEndpoints = {
  /** Subscribes this device (201), or moves and refreshes the same endpoint's subscription (200). */
  pushSubscribe: defineEndpoint({
    method: 'POST',
    path: '/push-notifications/subscribe/',
    service: 'portal',
    access: 'user',
    body: PushSubscribeBody,
    response: PushSubscription,
    errors: { useDetail: true, fallback: 'Erro ao ativar as notificações' },
  }),
  /** The caller's devices that receive notifications. */
  pushSubscriptions: defineEndpoint({
    method: 'GET',
    path: '/push-notifications/',
    service: 'portal',
    access: 'user',
    response: v.array(PushSubscription),
    errors: { useDetail: true, fallback: 'Erro ao carregar as notificações' },
  }),
  /** This device's subscription by its `auth` (the app's check at every start); another account's: 404. */
  pushSubscription: defineEndpoint({
    method: 'GET',
    path: '/push-notifications/{auth}/',
    service: 'portal',
    access: 'user',
    owned: { auth: 'pushSubscriptionAuth' },
    params: v.object({ auth: PushAuth }),
    response: PushSubscription,
    errors: { byStatus: subscriptionNotFound, useDetail: true, fallback: 'Erro ao verificar as notificações' },
  }),
  /**
   * Keeps a subscription current (`is_pwa`, `device_type`) and moves it to the caller: the
   * `auth` secret proves the device holds it (a shared device that changed account).
   */
  pushUpdate: defineEndpoint({
    method: 'PUT',
    path: '/push-notifications/update/',
    service: 'portal',
    access: 'user',
    body: PushUpdateBody,
    response: PushSubscription,
    errors: { byStatus: subscriptionNotFound, useDetail: true, fallback: 'Erro ao atualizar as notificações' },
  }),
  pushUnsubscribe: defineEndpoint({
    method: 'DELETE',
    path: '/push-notifications/unsubscribe/{id}/',
    service: 'portal',
    access: 'user',
    owned: { id: 'pushSubscription' },
    params: v.object({ id: IdParam }),
    response: DetailMessage,
    errors: { byStatus: subscriptionNotFound, useDetail: true, fallback: 'Erro ao desativar as notificações' },
  }),
  /** "Enviar teste" on /me: one notification to the caller's device named by `auth`, now (202). */
  pushTest: defineEndpoint({
    method: 'POST',
    path: '/push-notifications/test/',
    service: 'portal',
    access: 'user',
    body: PushTestBody,
    response: DetailMessage,
    errors: { byStatus: subscriptionNotFound, useDetail: true, fallback: 'Erro ao enviar a notificação de teste' },
  }),
  /**
   * "Avisos" (issue 40 item 13): the pushes sent to the caller, newest first (at most
   * `AVISOS_MAX`), with read state and the unread count; readable offline from the device.
   */
  avisos: defineEndpoint({
    method: 'GET',
    path: '/push-notifications/avisos/',
    service: 'portal',
    access: 'student',
    response: Avisos,
    errors: { useDetail: true, fallback: 'Erro ao carregar os avisos' },
  }),
  /**
   * Marks one of the caller's notices read (`{id}` is the sending's); idempotent, so the
   * device may send it again after a lost answer or from offline. Another's: 404.
   */
  avisoLido: defineEndpoint({
    method: 'PUT',
    path: '/push-notifications/avisos/{id}/lido/',
    service: 'portal',
    access: 'student',
    owned: { id: 'pushNotice' },
    params: v.object({ id: IdParam }),
    response: Aviso,
    errors: { byStatus: { 404: 'Aviso não encontrado' }, useDetail: true, fallback: 'Erro ao marcar o aviso como lido' },
  }),
  /** The service worker records a click or a dismissal; the same one twice is stored once. */
  recordUserAction: defineEndpoint({
    method: 'POST',
    path: '/user-actions/',
    service: 'portal',
    access: 'public',
    body: UserActionBody,
    response: DetailMessage,
    errors: { byStatus: { 404: 'Notificação não encontrada' }, useDetail: true, fallback: 'Erro ao registrar a ação' },
  }),
  /** Clicks and dismissals of one sending (`{id}`), newest first, for its history. */
  userActions: defineEndpoint({
    method: 'GET',
    path: '/user-actions/{id}/',
    service: 'portal',
    access: 'manager',
    params: v.object({ id: IdParam }),
    response: v.array(UserAction),
    errors: { byStatus: sendingNotFound, useDetail: true, fallback: 'Erro ao carregar as ações' },
  }),

  /** The history: sendings newest first with their counts, a page at a time (issue 39: a network sends thousands). */
  pushSendings: defineEndpoint({
    method: 'GET',
    path: '/push-sending/',
    service: 'portal',
    access: 'manager',
    query: PushSendingsQuery,
    response: PushSendingsPage,
    errors: { useDetail: true, fallback: 'Erro ao carregar os envios' },
  }),
  pushSendingCreate: defineEndpoint({
    method: 'POST',
    path: '/push-sending/',
    service: 'portal',
    access: 'manager',
    body: PushSendingInput,
    response: PushSending,
    errors: { useDetail: true, fallback: 'Erro ao salvar o rascunho' },
  }),
  /** Edits a draft or a scheduled sending (a sent one: 409). */
  pushSendingUpdate: defineEndpoint({
    method: 'PUT',
    path: '/push-sending/',
    service: 'portal',
    access: 'manager',
    body: PushSendingUpdate,
    response: PushSending,
    errors: { byStatus: sendingNotFound, useDetail: true, fallback: 'Erro ao salvar o rascunho' },
  }),
  pushSendingGet: defineEndpoint({
    method: 'GET',
    path: '/push-sending/{id}/',
    service: 'portal',
    access: 'manager',
    params: v.object({ id: IdParam }),
    response: PushSending,
    errors: { byStatus: sendingNotFound, useDetail: true, fallback: 'Erro ao carregar o envio' },
  }),
  /** Deletes a draft or cancels a scheduled sending (a sent one: 409). */
  pushSendingDelete: defineEndpoint({
    method: 'DELETE',
    path: '/push-sending/{id}/',
    service: 'portal',
    access: 'manager',
    params: v.object({ id: IdParam }),
    response: DetailMessage,
    errors: { byStatus: sendingNotFound, useDetail: true, fallback: 'Erro ao excluir o envio' },
  }),
  /** Sends now or schedules (202 at once): one delivery per target subscription, queued (D4, D17). */
  pushSendingSend: defineEndpoint({
    method: 'POST',
    path: '/push-sending/send/',
    service: 'portal',
    access: 'manager',
    body: PushSendBody,
    response: PushSending,
    errors: { byStatus: sendingNotFound, useDetail: true, fallback: 'Erro ao enviar' },
  }),
  /** A sending with its delivery log (one row per target subscription). */
  pushSendingLog: defineEndpoint({
    method: 'GET',
    path: '/push-sending/log/{id}/',
    service: 'portal',
    access: 'manager',
    params: v.object({ id: IdParam }),
    response: PushSendingLog,
    errors: { byStatus: sendingNotFound, useDetail: true, fallback: 'Erro ao carregar o histórico' },
  }),
  /** The schools and classes the compose screen's audience pickers offer. */
  pushAudienceOptions: defineEndpoint({
    method: 'GET',
    path: '/push-sending/audiencias/',
    service: 'portal',
    access: 'manager',
    response: PushAudienceOptions,
    errors: { useDetail: true, fallback: 'Erro ao carregar as opções de público' },
  }),
  /** Students by name or e-mail (at most 20), for an audience of chosen students. */
  pushStudentSearch: defineEndpoint({
    method: 'GET',
    path: '/push-sending/alunos/',
    service: 'portal',
    access: 'manager',
    query: PushStudentSearchQuery,
    response: v.array(PushStudent),
    errors: { useDetail: true, fallback: 'Erro ao buscar alunos' },
  }),
} as const
