import { randomBytes } from 'node:crypto'
import type { StatusRequestUsa, TipoDocumentoUsa } from '../../src/contract/schemas/knn-usa.ts'
import type { Database } from '../db/client.ts'
import { knnUsaDocumentos, knnUsaRequests, knnUsaTurmas } from '../areas/overseas-study/schema.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { storeBytes } from './accounts.ts'
import { sampleFile } from './multipart.ts'

/** A day `days` from today (UTC), YYYY-MM-DD. */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/** A class abroad of its own (a unique name): Orlando in US$ 3.500,00 by default, 90 days ahead for 15 days, 20 seats. */
export async function createKnnUsaClass(
  db: Database,
  {
    programa = 'orlando',
    vagas = 20,
    dataIda = daysFromNow(90),
    dataVolta = daysFromNow(105),
    precoCentavos = 350_000,
  }: { programa?: 'orlando' | 'london'; vagas?: number; dataIda?: string; dataVolta?: string; precoCentavos?: number } = {},
) {
  const [row] = await db.orm
    .insert(knnUsaTurmas)
    .values({
      programa,
      nome: `Turma de teste ${randomBytes(4).toString('hex')}`,
      cidade: programa === 'orlando' ? 'Orlando' : 'Londres',
      dataIda,
      dataVolta,
      vagas,
      precoCentavos,
      moeda: programa === 'orlando' ? 'USD' : 'GBP',
    })
    .returning()
  return row!
}

/**
 * A request of `userId`'s to a new class (or `turmaId`), written straight to the database
 * with a passport document stored: `documentos_pendentes` (the passport asked again) by
 * default, so the owner can resend, delete and read it.
 */
export async function createKnnUsaRequest(
  db: Database,
  userId: number,
  storage: FileStorage,
  { status = 'documentos_pendentes', turmaId }: { status?: StatusRequestUsa; turmaId?: number } = {},
): Promise<{ requestId: number; documentoId: number; turmaId: number; chave: string }> {
  const turma = turmaId ?? (await createKnnUsaClass(db)).id
  const askedAgain = status === 'documentos_pendentes'
  const [request] = await db.orm
    .insert(knnUsaRequests)
    .values({
      userId,
      turmaId: turma,
      status,
      passaporteNumero: 'FZ123456',
      passaporteValidade: daysFromNow(3650),
      dataNascimento: '2000-01-01',
      menor: false,
      pendenciaTipos: askedAgain ? (['passaporte'] satisfies TipoDocumentoUsa[]) : null,
      pendenciaMotivo: askedAgain ? 'A foto do passaporte está ilegível.' : null,
      pagoEm: status === 'pago' ? new Date() : null,
    })
    .returning({ id: knnUsaRequests.id })
  const stored = await storeBytes(storage, sampleFile('application/pdf', 2048), 'application/pdf')
  const [doc] = await db.orm
    .insert(knnUsaDocumentos)
    .values({
      requestId: request!.id,
      tipo: 'passaporte',
      nome: 'passaporte.pdf',
      chave: stored.chave,
      tipoMidia: stored.tipo,
      tamanho: stored.tamanho,
      sha256: stored.sha256,
      status: askedAgain ? 'reenviar' : 'enviado',
      motivo: askedAgain ? 'A foto do passaporte está ilegível.' : null,
    })
    .returning({ id: knnUsaDocumentos.id })
  return { requestId: request!.id, documentoId: doc!.id, turmaId: turma, chave: stored.chave }
}
