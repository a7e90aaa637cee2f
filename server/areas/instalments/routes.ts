import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import type { Financeiro, Parcela, StatusParcela } from '../../../src/contract/schemas/financeiro.ts'
import * as instalmentsRepo from './repository.ts'
import type { StudentInstalment } from './repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { callerToday } from '../../http/tmz.ts'

/**
 * pago once paid; vencido when unpaid and its due date is before the caller's today
 * (D21: it is still payable on the due date itself); aberto otherwise.
 */
export function instalmentStatus(parcela: Pick<StudentInstalment, 'pagoEm' | 'vencimento'>, today: string): StatusParcela {
  if (parcela.pagoEm !== null) return 'pago'
  // Both are YYYY-MM-DD, so text order is date order.
  return parcela.vencimento < today ? 'vencido' : 'aberto'
}

/** The instalments in the contract's shape, with totals per status in cents (paid = amount paid). */
export function toFinanceiro(rows: readonly StudentInstalment[], today: string): Financeiro {
  const totais = { pago: 0, aberto: 0, vencido: 0 }
  const parcelas = rows.map((row): Parcela => {
    const status = instalmentStatus(row, today)
    totais[status] += status === 'pago' ? (row.valorPagoCentavos ?? row.valorCentavos) : row.valorCentavos
    return {
      id: row.id,
      descricao: row.descricao,
      numero: row.numero,
      total_parcelas: row.totalParcelas,
      vencimento: row.vencimento,
      valor: row.valorCentavos,
      valor_pago: row.valorPagoCentavos,
      pago_em: row.pagoEm,
      status,
    }
  })
  return { parcelas, totais }
}

export default async function instalmentRoutes(app: FastifyInstance) {
  contractRoute(app, contract.financeiro, async ({ caller, request }) => {
    const rows = await instalmentsRepo.forUser(app.db.orm, caller.id).instalments()
    return toFinanceiro(rows, callerToday(request))
  })
}
