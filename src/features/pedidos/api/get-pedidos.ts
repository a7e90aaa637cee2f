import { api } from '../../../api/api.ts'
import { contract } from '../../../api/contract.ts'
import type { Pedido } from '../../../api/schemas/pedido.ts'
import { localDb } from '../../../db/database.ts'
import { storePedidos } from '../../../db/sync.ts'
import { useOfflineData } from '../../../db/use-offline-data.ts'

export const pedidosQueryKey = ['offline', 'pedidos'] as const

/** The server's page limit; a student has far fewer orders, so one page is all of them. */
const PAGE_LIMIT = 200

export async function syncPedidos(): Promise<void> {
  const page = await api.call(contract.pedidos, { query: { limit: PAGE_LIMIT } })
  await storePedidos(page.items)
}

/** Orders, newest first, from the device. */
export function usePedidos() {
  return useOfflineData<Pedido[]>({
    queryKey: pedidosQueryKey,
    sync: syncPedidos,
    read: async () => {
      const meta = await localDb.syncState.get('pedidos')
      if (!meta) return null
      return { value: await localDb.pedidos.orderBy('criado_em').reverse().toArray(), updatedAt: meta.updatedAt }
    },
  })
}
