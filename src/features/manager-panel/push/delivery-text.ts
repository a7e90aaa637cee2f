import type { PushDelivery } from '../../../contract/schemas/push.ts'
import { formatClock, formatDateTime } from '../../../ui/format.ts'

/** The subscription was removed (the student turned notifications off) before the sender got to it (server/areas/push/sender.ts). */
const REMOVED_BEFORE_SENDING = 'Inscrição removida antes do envio'

/** Why the push service did not take it, from its last answer; null status: no answer at all. */
function problem(status: number | null): string {
  if (status === null) return 'serviço de notificações inacessível'
  if (status === 429) return 'serviço de notificações sobrecarregado'
  if (status >= 500) return `serviço de notificações com falha (erro ${status})`
  return `o serviço de notificações recusou o envio (erro ${status})`
}

/** "às 14:05" today, "em 01/12/2026, 09:30" another day. */
function when(iso: string, now: Date): string {
  const at = new Date(iso)
  return at.toDateString() === now.toDateString() ? `às ${formatClock(at)}` : `em ${formatDateTime(at)}`
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * A delivery's state as a manager reads it (issue 40 item 6): what happened in Portuguese and,
 * while it waits for a retry, when that is. The push service's or the network's own words
 * (`last_error`: "getaddrinfo ENOTFOUND …") stay in the log for support, never on the screen.
 */
export function deliveryText(delivery: PushDelivery, now = new Date()): string {
  switch (delivery.status) {
    case 'sent':
      return 'Enviada'
    case 'queued':
      if (delivery.attempts === 0 || delivery.next_attempt_at === null) return 'Na fila'
      return `${capitalised(problem(delivery.last_status))}; nova tentativa ${when(delivery.next_attempt_at, now)}`
    case 'gone':
      return delivery.last_error === REMOVED_BEFORE_SENDING
        ? 'Inativa: o aluno desativou as notificações antes do envio'
        : 'Inativa: o aparelho não recebe mais notificações'
    case 'failed': {
      const tries = delivery.attempts === 1 ? '1 tentativa' : `${delivery.attempts} tentativas`
      return `Falhou após ${tries}: ${problem(delivery.last_status)}`
    }
  }
}
