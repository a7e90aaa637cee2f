import { describe, expect, it } from 'vitest'
import {
  FINAL_ORDER_STATUSES,
  ORDER_TRANSITIONS,
  orderTransition,
  studentOrderActions,
  type OrderActor,
  type OrderEvent,
} from '../api/order-transitions.ts'
import { ORDER_STATUS_IDS } from '../api/schemas/pedido.ts'
import { nextOrderStatus } from './order.ts'

const EVENTS: OrderEvent[] = [
  'produtoEscolhido',
  'cancelar',
  'prazoExpirado',
  'pagamentoConfirmado',
  'problema',
  'problemaResolvido',
  'avancar',
]
const ACTORS: OrderActor[] = ['student', 'staff', 'system', 'payment']

describe('the order lifecycle (D11): the client machine and the server table agree on every move', () => {
  it('allows exactly the listed moves, by exactly the listed actors, and nothing else', () => {
    for (const from of ORDER_STATUS_IDS)
      for (const event of EVENTS)
        for (const actor of ACTORS) {
          const listed = orderTransition(from, event, actor)
          expect(nextOrderStatus(from, event, actor), `${from} ${event} by ${actor}`).toBe(listed?.to)
        }
  })

  it('is the lifecycle D11 describes', () => {
    const moves = (actor: OrderActor) => ORDER_TRANSITIONS.filter((t) => t.by.includes(actor)).map((t) => `${t.from}→${t.to}`)
    expect(moves('staff')).toEqual(['-3→-2', '1→-2', '1→-1', '-1→1', '-1→-2', '2→4', '4→5', '5→6', '6→7', '7→8'])
    expect(moves('payment')).toEqual(['1→2', '-1→2'])
    expect(moves('student')).toEqual(['-3→1', '-3→-2', '1→-2', '-1→-2'])
    expect(moves('system')).toEqual(['-3→1', '1→-2', '1→-1'])
  })

  it('keeps cancelled and delivered orders final: nothing moves them', () => {
    for (const from of FINAL_ORDER_STATUSES)
      for (const event of EVENTS) for (const actor of ACTORS) expect(nextOrderStatus(from, event, actor)).toBeUndefined()
  })

  it('forbids skipping fulfilment steps or going back', () => {
    expect(orderTransition(2, 'avancar', 'staff')?.to).toBe(4)
    expect(orderTransition(2, 'avancar', 'student')).toBeUndefined()
    expect(orderTransition(2, 'cancelar', 'student')).toBeUndefined()
    expect(orderTransition(8, 'avancar', 'staff')).toBeUndefined()
  })

  it('offers the student payment at 1 and cancellation before payment only', () => {
    expect(studentOrderActions(1)).toEqual({ pay: true, cancel: true })
    expect(studentOrderActions(-3)).toEqual({ pay: false, cancel: true })
    expect(studentOrderActions(-1)).toEqual({ pay: false, cancel: true })
    for (const status of [2, 4, 5, 6, 7, 8, -2] as const) expect(studentOrderActions(status)).toEqual({ pay: false, cancel: false })
    // The screen reads the list; the machine says the same.
    for (const status of ORDER_STATUS_IDS)
      expect(studentOrderActions(status).cancel).toBe(nextOrderStatus(status, 'cancelar', 'student') !== undefined)
  })
})
