import { describe, expect, it } from 'vitest'
import { ORDER_STATUS_IDS, type OrderStatusId } from '../contract/schemas/pedido.ts'
import { FINAL_ORDER_STATUSES, nextOrderStatus, ORDER_ACTORS, ORDER_EVENTS, studentOrderActions, type OrderActor } from './order.ts'

/** Every move the machine allows `actor`, as "from→to", in status order. */
function moves(actor: OrderActor): string[] {
  const found: string[] = []
  for (const from of ORDER_STATUS_IDS)
    for (const event of ORDER_EVENTS) {
      const to = nextOrderStatus(from, event, actor)
      if (to !== undefined) found.push(`${from}→${to}`)
    }
  return found
}

describe('the order machine is the lifecycle D11 describes', () => {
  it('allows each actor exactly its moves', () => {
    const sorted = (list: string[]) => [...list].sort()
    expect(sorted(moves('staff'))).toEqual(sorted(['-3→-2', '1→-2', '1→-1', '-1→1', '-1→-2', '2→4', '4→5', '5→6', '6→7', '7→8']))
    expect(sorted(moves('payment'))).toEqual(sorted(['1→2', '-1→2']))
    expect(sorted(moves('student'))).toEqual(sorted(['-3→1', '-3→-2', '1→-2', '-1→-2']))
    expect(sorted(moves('system'))).toEqual(sorted(['-3→1', '1→-2', '1→-1']))
  })

  it('keeps cancelled and delivered orders final: nothing moves them', () => {
    expect(FINAL_ORDER_STATUSES).toEqual([-2, 8])
    for (const from of FINAL_ORDER_STATUSES)
      for (const event of ORDER_EVENTS) for (const actor of ORDER_ACTORS) expect(nextOrderStatus(from, event, actor)).toBeUndefined()
  })

  it('forbids skipping fulfilment steps or going back', () => {
    expect(nextOrderStatus(2, 'avancar', 'staff')).toBe(4)
    expect(nextOrderStatus(2, 'avancar', 'student')).toBeUndefined()
    expect(nextOrderStatus(2, 'cancelar', 'student')).toBeUndefined()
    expect(nextOrderStatus(8, 'avancar', 'staff')).toBeUndefined()
  })

  it('answers undefined for a status the lifecycle does not know', () => {
    expect(nextOrderStatus(3 as OrderStatusId, 'avancar', 'staff')).toBeUndefined()
  })

  it('offers the student payment at 1 and cancellation before payment only', () => {
    expect(studentOrderActions(1)).toEqual({ pay: true, cancel: true })
    expect(studentOrderActions(-3)).toEqual({ pay: false, cancel: true })
    expect(studentOrderActions(-1)).toEqual({ pay: false, cancel: true })
    for (const status of [2, 4, 5, 6, 7, 8, -2] as const) expect(studentOrderActions(status)).toEqual({ pay: false, cancel: false })
  })
})
