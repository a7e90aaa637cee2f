import { describe, expect, it } from 'vitest'
import type { PushDelivery } from '../../../contract/schemas/push.ts'
import { deliveryText } from './delivery-text.ts'

const NOW = new Date(2026, 10, 30, 14, 0)
const delivery = (fields: Partial<PushDelivery>): PushDelivery => ({
  id: 'd1',
  user_id: 1,
  full_name: 'Ana',
  device_type: 'mobile',
  status: 'queued',
  attempts: 0,
  last_status: null,
  last_error: null,
  next_attempt_at: null,
  updated_at: NOW.toISOString(),
  ...fields,
})

describe('deliveryText (issue 40 item 6)', () => {
  it('says an unreachable push service and the retry time in Portuguese, never the network error', () => {
    const text = deliveryText(
      delivery({
        attempts: 1,
        last_error: 'getaddrinfo ENOTFOUND fcm.googleapis.com',
        next_attempt_at: new Date(2026, 10, 30, 14, 5).toISOString(),
      }),
      NOW,
    )
    expect(text).toBe('Serviço de notificações inacessível; nova tentativa às 14:05')
    expect(text).not.toContain('ENOTFOUND')
  })

  it('names a busy or failing push service, and a retry on another day with its date', () => {
    expect(
      deliveryText(delivery({ attempts: 2, last_status: 429, next_attempt_at: new Date(2026, 11, 1, 9, 30).toISOString() }), NOW),
    ).toBe('Serviço de notificações sobrecarregado; nova tentativa em 01/12/2026, 09:30')
    expect(deliveryText(delivery({ attempts: 1, last_status: 503, next_attempt_at: NOW.toISOString() }), NOW)).toBe(
      'Serviço de notificações com falha (erro 503); nova tentativa às 14:00',
    )
  })

  it('a delivery not tried yet is in the queue; a sent one is sent', () => {
    expect(deliveryText(delivery({}), NOW)).toBe('Na fila')
    expect(deliveryText(delivery({ status: 'sent', attempts: 1, last_status: 201 }), NOW)).toBe('Enviada')
  })

  it('says why a device is inactive and why a delivery was given up', () => {
    expect(deliveryText(delivery({ status: 'gone', attempts: 1, last_status: 410 }), NOW)).toBe(
      'Inativa: o aparelho não recebe mais notificações',
    )
    expect(deliveryText(delivery({ status: 'gone', last_error: 'Inscrição removida antes do envio' }), NOW)).toBe(
      'Inativa: o aluno desativou as notificações antes do envio',
    )
    expect(deliveryText(delivery({ status: 'failed', attempts: 5, last_error: 'socket hang up' }), NOW)).toBe(
      'Falhou após 5 tentativas: serviço de notificações inacessível',
    )
    expect(deliveryText(delivery({ status: 'failed', attempts: 1, last_status: 403 }), NOW)).toBe(
      'Falhou após 1 tentativa: o serviço de notificações recusou o envio (erro 403)',
    )
  })
})
