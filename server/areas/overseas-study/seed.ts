import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { and, eq, inArray } from 'drizzle-orm'
import type { FileStorage } from '../../storage/file-storage.ts'
import type { Db } from '../../db/client.ts'
import { knnUsaDocumentos, knnUsaLivros, knnUsaRequests, knnUsaTurmas } from './schema.ts'
import { users } from '../users/schema.ts'
import { demoPdf } from '../activities/seed.ts'
import { addDays, addYears } from '../../db/seed-school.ts'

/**
 * KNN Orlando and London by Phenom's demo (issue 14 "Demo data"): two Orlando classes
 * and one London class with seats, their books, and three requests: orlando@ waits for a
 * passport again (documentos_pendentes), london@'s is aprovado (ready to pay), and
 * orlando.menor@ (16, a minor on every departure) has none, to send one. Each class leaves
 * on the next date of its season (July's in July, January's in January) at least two
 * months after the first seeding day, so its name tells the truth; seeding again adds
 * nothing. The rows are seeded with the rest (seedOverseasStudy); their documents' bytes need file
 * storage, so `seedOverseasStudyFiles` stores them when the server starts.
 */

export const DEMO_OVERSEAS_CLASSES = [
  {
    programa: 'orlando',
    nome: 'KNN Orlando — Férias de julho',
    cidade: 'Orlando',
    ida: { mes: 7, dia: 5 },
    dias: 15,
    vagas: 30,
    precoCentavos: 349_000,
    moeda: 'USD',
    livros: [
      { titulo: 'Orlando Experience — Student’s Book', descricao: 'Inglês para a viagem: aeroporto, hotel, parques e compras.' },
      { titulo: 'Orlando Experience — Travel Journal', descricao: 'Diário de bordo com as atividades diárias do programa.' },
    ],
  },
  {
    programa: 'orlando',
    nome: 'KNN Orlando — Férias de janeiro',
    cidade: 'Orlando',
    ida: { mes: 1, dia: 10 },
    dias: 15,
    vagas: 25,
    precoCentavos: 379_000,
    moeda: 'USD',
    livros: [{ titulo: 'Orlando Experience — Student’s Book', descricao: 'Inglês para a viagem: aeroporto, hotel, parques e compras.' }],
  },
  {
    programa: 'london',
    nome: 'London by Phenom — Summer School',
    cidade: 'Londres',
    ida: { mes: 7, dia: 1 },
    dias: 21,
    vagas: 20,
    precoCentavos: 289_000,
    moeda: 'GBP',
    livros: [{ titulo: 'London Calling — Course Book', descricao: 'Curso de inglês com aulas pela manhã e visitas culturais à tarde.' }],
  },
] as const

/** The demo requests: whose, to which class, in which status; the passport is the document. */
export const DEMO_OVERSEAS_REQUESTS = [
  {
    email: 'orlando@example.com',
    turma: 'KNN Orlando — Férias de julho',
    status: 'documentos_pendentes',
    passaporte: 'FX482913',
    motivo: 'A foto do passaporte está cortada: envie a página de identificação inteira, com a validade legível.',
  },
  { email: 'london@example.com', turma: 'London by Phenom — Summer School', status: 'aprovado', passaporte: 'GB739105', motivo: null },
] as const

/** Days between seeding and the earliest departure: time to send documents and pay. */
const MIN_DAYS_TO_DEPARTURE = 60

/** The first `mes`/`dia` (ISO date) at least MIN_DAYS_TO_DEPARTURE days after `today`. */
export function nextDeparture(today: string, { mes, dia }: { mes: number; dia: number }): string {
  const earliest = addDays(today, MIN_DAYS_TO_DEPARTURE)
  const year = Number(earliest.slice(0, 4))
  const thisYear = `${year}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`
  return thisYear >= earliest ? thisYear : `${year + 1}${thisYear.slice(4)}`
}

export async function seedOverseasStudy(db: Db, userIds: ReadonlyMap<string, number>, today: string): Promise<void> {
  for (const turma of DEMO_OVERSEAS_CLASSES) {
    const dataIda = nextDeparture(today, turma.ida)
    await db
      .insert(knnUsaTurmas)
      .values({
        programa: turma.programa,
        nome: turma.nome,
        cidade: turma.cidade,
        dataIda,
        dataVolta: addDays(dataIda, turma.dias),
        vagas: turma.vagas,
        precoCentavos: turma.precoCentavos,
        moeda: turma.moeda,
      })
      .onConflictDoNothing()
    const [row] = await db
      .select({ id: knnUsaTurmas.id })
      .from(knnUsaTurmas)
      .where(and(eq(knnUsaTurmas.programa, turma.programa), eq(knnUsaTurmas.nome, turma.nome)))
    await db
      .insert(knnUsaLivros)
      .values(turma.livros.map((livro) => ({ ...livro, turmaId: row!.id })))
      .onConflictDoNothing()
  }

  for (const demo of DEMO_OVERSEAS_REQUESTS) {
    const userId = userIds.get(demo.email)
    if (userId === undefined) continue
    const [existing] = await db.select({ id: knnUsaRequests.id }).from(knnUsaRequests).where(eq(knnUsaRequests.userId, userId)).limit(1)
    if (existing) continue
    const [turma] = await db.select({ id: knnUsaTurmas.id }).from(knnUsaTurmas).where(eq(knnUsaTurmas.nome, demo.turma))
    const [user] = await db.select({ birthDate: users.birthDate }).from(users).where(eq(users.id, userId))
    await db.insert(knnUsaRequests).values({
      userId,
      turmaId: turma!.id,
      status: demo.status,
      passaporteNumero: demo.passaporte,
      passaporteValidade: addYears(today, 8),
      dataNascimento: user!.birthDate!,
      menor: false,
      pendenciaTipos: demo.status === 'documentos_pendentes' ? ['passaporte'] : null,
      pendenciaMotivo: demo.motivo,
    })
  }
}

/** Stores the demo requests' passports (a generated PDF) where their rows have none; returns how many. */
export async function seedOverseasStudyFiles(db: Db, storage: FileStorage): Promise<number> {
  const rows = await db
    .select({ id: knnUsaRequests.id, status: knnUsaRequests.status, motivo: knnUsaRequests.pendenciaMotivo, nome: users.fullName })
    .from(knnUsaRequests)
    .innerJoin(users, eq(users.id, knnUsaRequests.userId))
    .where(
      inArray(
        users.email,
        DEMO_OVERSEAS_REQUESTS.map((demo) => demo.email),
      ),
    )
  let stored = 0
  for (const row of rows) {
    const [has] = await db.select({ id: knnUsaDocumentos.id }).from(knnUsaDocumentos).where(eq(knnUsaDocumentos.requestId, row.id)).limit(1)
    if (has || row.status === 'cancelado') continue
    const bytes = demoPdf(['PASSAPORTE - DEMONSTRACAO', `Titular: ${row.nome ?? ''}`, 'Documento de exemplo, sem valor.'])
    const { key, size } = await storage.put(Readable.from([bytes]), { mediaType: 'application/pdf' })
    const askedAgain = row.status === 'documentos_pendentes'
    const [inserted] = await db
      .insert(knnUsaDocumentos)
      .values({
        requestId: row.id,
        tipo: 'passaporte',
        nome: 'passaporte.pdf',
        chave: key,
        tipoMidia: 'application/pdf',
        tamanho: size,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        status: askedAgain ? 'reenviar' : 'enviado',
        motivo: askedAgain ? row.motivo : null,
      })
      .onConflictDoNothing()
      .returning({ id: knnUsaDocumentos.id })
    // Another server starting at the same time stored it first.
    if (!inserted) await storage.delete(key)
    else stored++
  }
  return stored
}
