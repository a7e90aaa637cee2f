import type { OrderStatusId } from './schemas/pedido.ts'

/**
 * The order lifecycle of D11, once: the server enforces it (a forbidden move answers 409)
 * and the client's order machine (src/machines/order.ts) is built from the same list, so
 * both are tested against it.
 */

/** Who moves an order: the student, the school's staff (D31), the server itself (a deadline), or a payment's confirmation. */
export type OrderActor = 'student' | 'staff' | 'system' | 'payment'

export type OrderEvent =
  /** The level test was done and the product chosen (-3 → 1). */
  | 'produtoEscolhido'
  | 'cancelar'
  /** 7 days without payment (SPEC §9): cancelled by the server. */
  | 'prazoExpirado'
  | 'pagamentoConfirmado'
  /** Something went wrong with the order; the school is on it (SPEC §4, -1). */
  | 'problema'
  | 'problemaResolvido'
  /** Staff moves a paid order one step along its fulfilment (2 → 4 → 5 → 6 → 7 → 8). */
  | 'avancar'

export interface OrderTransition {
  from: OrderStatusId
  to: OrderStatusId
  event: OrderEvent
  by: readonly OrderActor[]
}

export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { from: -3, to: 1, event: 'produtoEscolhido', by: ['student', 'system'] },
  { from: -3, to: -2, event: 'cancelar', by: ['student', 'staff'] },
  { from: 1, to: 2, event: 'pagamentoConfirmado', by: ['payment'] },
  { from: 1, to: -2, event: 'cancelar', by: ['student', 'staff'] },
  { from: 1, to: -2, event: 'prazoExpirado', by: ['system'] },
  { from: 1, to: -1, event: 'problema', by: ['staff', 'system'] },
  { from: -1, to: 1, event: 'problemaResolvido', by: ['staff'] },
  { from: -1, to: 2, event: 'pagamentoConfirmado', by: ['payment'] },
  { from: -1, to: -2, event: 'cancelar', by: ['student', 'staff'] },
  { from: 2, to: 4, event: 'avancar', by: ['staff'] },
  { from: 4, to: 5, event: 'avancar', by: ['staff'] },
  { from: 5, to: 6, event: 'avancar', by: ['staff'] },
  { from: 6, to: 7, event: 'avancar', by: ['staff'] },
  { from: 7, to: 8, event: 'avancar', by: ['staff'] },
]

/** Cancelled and delivered stay as they are (D11). */
export const FINAL_ORDER_STATUSES: readonly OrderStatusId[] = [-2, 8]

/** The move `event` makes from `from` when `actor` may make it; undefined when D11 forbids it. */
export function orderTransition(from: OrderStatusId, event: OrderEvent, actor: OrderActor): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((transition) => transition.from === from && transition.event === event && transition.by.includes(actor))
}

/** SPEC §9: an order waiting for payment is cancelled this long after it was created. */
export const UNPAID_ORDER_CANCEL_DAYS = 7

/**
 * What the student can do with an order in `status` (the /pedidos actions), read from the
 * list without loading the machine: src/machines/order.test.ts checks both agree.
 */
export function studentOrderActions(status: OrderStatusId): { pay: boolean; cancel: boolean } {
  return {
    // Paying is the payment's confirmation; the student starts it where one is awaited.
    pay: status === 1,
    cancel: orderTransition(status, 'cancelar', 'student') !== undefined,
  }
}
