import { api } from '../../../api/api.ts'
import { contract } from '../../../api/contract.ts'
import type { Financeiro } from '../../../api/schemas/financeiro.ts'
import { localDb } from '../../../db/database.ts'
import { storeFinanceiro } from '../../../db/sync.ts'
import { useOfflineData } from '../../../db/use-offline-data.ts'

export const financeiroQueryKey = ['offline', 'financeiro'] as const

export async function syncFinanceiro(): Promise<void> {
  await storeFinanceiro(await api.call(contract.financeiro))
}

/** Instalments (oldest due date first) and the server's totals, from the device. */
export function useFinanceiro() {
  return useOfflineData<Financeiro>({
    queryKey: financeiroQueryKey,
    sync: syncFinanceiro,
    read: async () => {
      const meta = await localDb.syncState.get('financeiro')
      if (!meta?.totais) return null
      return { value: { parcelas: await localDb.parcelas.orderBy('vencimento').toArray(), totais: meta.totais }, updatedAt: meta.updatedAt }
    },
  })
}
