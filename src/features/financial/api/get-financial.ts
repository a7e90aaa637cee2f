import { api } from '../../../lib/api.ts'
import { financeiroEndpoints } from '../../../contract/endpoints/financeiro.ts'
import type { Financeiro, Parcela } from '../../../contract/schemas/financeiro.ts'
import type { PortalDb } from '../../../db/database.ts'
import { compareIso } from '../../../ui/format.ts'
import type { Device } from '../../../db/local.ts'
import { etagHintsFor, fetchConditional, syncTicket } from '../../../db/sync-start.ts'
import { offlineQueryOptions, useOfflineData, type LocalSnapshot } from '../../../db/use-offline-data.ts'

export const financialQueryKey = ['offline', 'financeiro'] as const
const PATH = financeiroEndpoints.financeiro.path

async function readFinancial(db: PortalDb): Promise<LocalSnapshot<Financeiro> | null> {
  const meta = await db.syncState.get('financeiro')
  if (!meta?.totais) return null
  return { value: { parcelas: sortInstalments(await db.parcelas.toArray()), totais: meta.totais }, updatedAt: meta.updatedAt }
}

/** Conditional (issue 7): an unchanged account costs a 304; the stored rows stay. */
export async function syncFinancial(device: Device, show: (answer: Financeiro) => void): Promise<void> {
  const ticket = syncTicket()
  const answer = await fetchConditional(
    (etag) => api.callConditional(financeiroEndpoints.financeiro, etag),
    etagHintsFor('financeiro')[PATH],
    async () => (await readFinancial((await device).localDb))?.value,
  )
  show(answer.value)
  const local = await device
  if (!answer.changed) return local.markUnchanged('financeiro', { ticket })
  await local.storeFinancial(answer.value, { ticket, etags: answer.etag ? { [PATH]: answer.etag } : {} })
}

export const financialQueryOptions = offlineQueryOptions(financialQueryKey, syncFinancial)

const STATUS_ORDER: Record<Parcela['status'], number> = { vencido: 0, aberto: 1, pago: 2 }

/** Issue 7: overdue first, then open by due date, then paid most recent first. */
export function sortInstalments(parcelas: Parcela[]): Parcela[] {
  return [...parcelas].sort((a, b) => {
    const byStatus = STATUS_ORDER[a.status] - STATUS_ORDER[b.status]
    if (byStatus !== 0) return byStatus
    if (a.status === 'pago') return compareIso(b.pago_em ?? b.vencimento, a.pago_em ?? a.vencimento)
    return compareIso(a.vencimento, b.vencimento) || a.id - b.id
  })
}

/** Instalments (overdue, open, paid) and the server's totals, from the device. */
export function useFinancial() {
  return useOfflineData<Financeiro>({
    options: financialQueryOptions,
    read: readFinancial,
    fromAnswer: (answer: Financeiro) => ({ parcelas: sortInstalments(answer.parcelas), totais: answer.totais }),
  })
}
