import { createMachine, transition, type AnyStateMachine, type TransitionConfig } from 'xstate'
import { FINAL_ORDER_STATUSES, ORDER_TRANSITIONS, type OrderActor, type OrderEvent } from '../api/order-transitions.ts'
import { ORDER_STATUS_IDS, type OrderStatusId } from '../api/schemas/pedido.ts'

/**
 * The order lifecycle (D11, issue 12) as a state machine, built from the same list the
 * server enforces (src/api/order-transitions.ts): one state per SPEC §4 status, one event
 * per move, each guarded by who may make it. The screens ask it which actions an order
 * offers the student; the server's answer (the synced status) is where it starts.
 */

export interface OrderMachineEvent {
  type: OrderEvent
  actor: OrderActor
}

/** The state's name for a status id (state names cannot be negative numbers). */
export function orderState(status: OrderStatusId): string {
  return `s${status}`
}

type OrderTransitionConfig = TransitionConfig<object, OrderMachineEvent, OrderMachineEvent, never, never, never, never, never, never>

function stateConfig(status: OrderStatusId) {
  if (FINAL_ORDER_STATUSES.includes(status)) return { type: 'final' as const }
  const on: Partial<Record<OrderEvent, OrderTransitionConfig[]>> = {}
  for (const transition of ORDER_TRANSITIONS.filter((candidate) => candidate.from === status)) {
    ;(on[transition.event] ??= []).push({
      target: orderState(transition.to),
      guard: ({ event }) => transition.by.includes(event.actor),
    })
  }
  return { on }
}

export const orderMachine: AnyStateMachine = createMachine({
  id: 'order',
  types: {} as { events: OrderMachineEvent },
  initial: orderState(1),
  states: Object.fromEntries(ORDER_STATUS_IDS.map((status) => [orderState(status), stateConfig(status)])),
})

/** The status the machine reaches from `status` on `event` by `actor`; undefined when it does not move. */
export function nextOrderStatus(status: OrderStatusId, event: OrderEvent, actor: OrderActor): OrderStatusId | undefined {
  const snapshot = orderMachine.resolveState({ value: orderState(status), context: {} })
  if (!snapshot.can({ type: event, actor })) return undefined
  const [next] = transition(orderMachine, snapshot, { type: event, actor })
  return Number(String(next.value).slice(1)) as OrderStatusId
}
