import { setup, transition } from 'xstate'
import { ORDER_STATUS_IDS, type OrderStatusId } from '../contract/schemas/pedido.ts'

/**
 * The order lifecycle (D11), once. This machine is the only description of it: the server
 * checks every move against it (a forbidden move answers 409), the deadline sweep and the
 * payment confirmation move orders through it, and /pedidos asks it which actions an order
 * offers the student. One state per SPEC §4 status, one event per kind of move, and each
 * move guarded by who may make it. The server's answer (the synced status) is where a
 * screen starts it; nothing runs it as a long-lived actor.
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

export const ORDER_EVENTS: readonly OrderEvent[] = [
  'produtoEscolhido',
  'cancelar',
  'prazoExpirado',
  'pagamentoConfirmado',
  'problema',
  'problemaResolvido',
  'avancar',
]

export const ORDER_ACTORS: readonly OrderActor[] = ['student', 'staff', 'system', 'payment']

/** SPEC §9: an order waiting for payment is cancelled this long after it was created. */
export const UNPAID_ORDER_CANCEL_DAYS = 7

export interface OrderMachineEvent {
  type: OrderEvent
  actor: OrderActor
}

/** A move the machine allows: where it goes, and who may make it. */
function move(to: OrderStatusId, ...actors: OrderActor[]) {
  return { target: `s${to}`, guard: { type: 'by', params: { actors } } } as const
}

// State names cannot be negative numbers, so status -3 is the state `s-3`.
export const orderMachine = setup({
  types: {} as { events: OrderMachineEvent },
  guards: { by: ({ event }, params: { actors: readonly OrderActor[] }) => params.actors.includes(event.actor) },
}).createMachine({
  id: 'order',
  initial: 's1',
  states: {
    /** Waiting for the level test (the product is chosen after it). */
    's-3': { on: { produtoEscolhido: move(1, 'student', 'system'), cancelar: move(-2, 'student', 'staff') } },
    /** Waiting for payment. */
    s1: {
      on: {
        pagamentoConfirmado: move(2, 'payment'),
        cancelar: move(-2, 'student', 'staff'),
        prazoExpirado: move(-2, 'system'),
        problema: move(-1, 'staff', 'system'),
      },
    },
    /** A problem the school is solving; a payment that arrives still counts. */
    's-1': {
      on: { problemaResolvido: move(1, 'staff'), pagamentoConfirmado: move(2, 'payment'), cancelar: move(-2, 'student', 'staff') },
    },
    // Paid: the staff moves it along its fulfilment, one step at a time, never back.
    s2: { on: { avancar: move(4, 'staff') } },
    s4: { on: { avancar: move(5, 'staff') } },
    s5: { on: { avancar: move(6, 'staff') } },
    s6: { on: { avancar: move(7, 'staff') } },
    s7: { on: { avancar: move(8, 'staff') } },
    /** Cancelled and delivered stay as they are. */
    's-2': { type: 'final' },
    s8: { type: 'final' },
  },
})

const STATE_OF = new Map(ORDER_STATUS_IDS.map((status) => [status, `s${status}`]))

/** Statuses nothing moves (cancelled, delivered), read from the machine's final states. */
export const FINAL_ORDER_STATUSES: readonly OrderStatusId[] = ORDER_STATUS_IDS.filter(
  (status) => orderMachine.states[`s${status}`]?.type === 'final',
)

/** The status the machine reaches from `from` on `event` by `actor`; undefined when the lifecycle forbids it. */
export function nextOrderStatus(from: OrderStatusId, event: OrderEvent, actor: OrderActor): OrderStatusId | undefined {
  const state = STATE_OF.get(from)
  if (state === undefined) return undefined
  const snapshot = orderMachine.resolveState({ value: state, context: {} })
  if (!snapshot.can({ type: event, actor })) return undefined
  const [next] = transition(orderMachine, snapshot, { type: event, actor })
  return Number(String(next.value).slice(1)) as OrderStatusId
}

/** What the student can do with an order in `status` (the /pedidos actions). */
export function studentOrderActions(status: OrderStatusId): { pay: boolean; cancel: boolean } {
  return {
    // Paying is the payment's confirmation; the student starts it where one is awaited.
    pay: status === 1,
    cancel: nextOrderStatus(status, 'cancelar', 'student') !== undefined,
  }
}
