import { describe, expect, it } from 'vitest'
import type { Parcela } from '../../../contract/schemas/financeiro.ts'
import { sortInstalments } from './get-financial.ts'

const parcela = (id: number, status: Parcela['status'], vencimento: string, pago_em: string | null = null): Parcela => ({
  id,
  descricao: 'Mensalidade',
  numero: id,
  total_parcelas: 6,
  vencimento,
  valor: 45100,
  valor_pago: pago_em ? 45100 : null,
  pago_em,
  status,
})

describe('financeiro order (issue 7)', () => {
  it('overdue first, then open by due date, then paid most recent first', () => {
    const sorted = sortInstalments([
      parcela(1, 'pago', '2026-08-10', '2026-08-09'),
      parcela(2, 'pago', '2026-09-10', '2026-09-12'),
      parcela(3, 'vencido', '2026-10-10'),
      parcela(4, 'aberto', '2026-12-10'),
      parcela(5, 'aberto', '2026-11-30'),
      parcela(6, 'vencido', '2026-09-30'),
    ])
    expect(sorted.map((p) => p.id)).toEqual([6, 3, 5, 4, 2, 1])
  })
})
