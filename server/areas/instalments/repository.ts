import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { parcelas, type ParcelaRow } from './schema.ts'

export type StudentInstalment = Omit<ParcelaRow, 'userId' | 'createdAt'>

/** The caller's instalments (D7): there is no lookup of another student's. */
export function forUser(db: Db, userId: number) {
  return {
    userId,

    /** Oldest due date first. */
    async instalments(): Promise<StudentInstalment[]> {
      return db
        .select({
          id: parcelas.id,
          descricao: parcelas.descricao,
          numero: parcelas.numero,
          totalParcelas: parcelas.totalParcelas,
          vencimento: parcelas.vencimento,
          valorCentavos: parcelas.valorCentavos,
          valorPagoCentavos: parcelas.valorPagoCentavos,
          pagoEm: parcelas.pagoEm,
        })
        .from(parcelas)
        .where(eq(parcelas.userId, userId))
        .orderBy(asc(parcelas.vencimento), asc(parcelas.id))
    },
  }
}

export type InstalmentScope = ReturnType<typeof forUser>
