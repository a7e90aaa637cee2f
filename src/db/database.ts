import Dexie, { type EntityTable } from 'dexie'
import type { TurmaAlunoAtividade } from '../contract/schemas/atividade.ts'
import type { AulaOnline } from '../contract/schemas/aula-online.ts'
import type { Avisos } from '../contract/schemas/push.ts'
import type { Extrato, PedidoRecompensa, Recompensa } from '../contract/schemas/club.ts'
import type { EnglishTestEstado } from '../contract/schemas/english-test.ts'
import type { Financeiro, Parcela } from '../contract/schemas/financeiro.ts'
import type { Pedido } from '../contract/schemas/pedido.ts'
import type { DocumentoExigido, KnnUsaRequest, LivroUsa, TurmaUsa } from '../contract/schemas/knn-usa.ts'
import type { Pratica } from '../contract/schemas/pratica.ts'
import type { CampanhaViagem, CodigoValidado } from '../contract/schemas/travel-campaign.ts'
import type { NotasAtHome, NotasTurma, Turma } from '../contract/schemas/turma.ts'

/** Grades of one class as last fetched: the assessments and the at-home activities. */
export interface StoredNotas {
  turma_id: number
  notas: NotasTurma
  athome: NotasAtHome | null
}

/**
 * The level test as the server last answered: `clientAt` is the device's clock at
 * that answer, so the timer runs on the server's clock (`agora`) after a reload offline.
 */
export interface StoredEnglishTest {
  key: 'estado'
  estado: EnglishTestEstado
  clientAt: number
}

/** An answer chosen on this device and not yet confirmed by the server. */
export interface PendingEnglishAnswer {
  tentativa_id: number
  questao_id: number
  opcao: number
}

/** A class's activities as last fetched (issue 10), with the class and when. */
export interface StoredAtividades {
  turma_id: number
  turma: Turma
  atividades: TurmaAlunoAtividade[]
  updatedAt: number
}

/** What each sync last wrote and when; `owner` records whose data the tables hold. */
export type SyncKey =
  | 'owner'
  | 'turmas'
  | 'financeiro'
  | 'pedidos'
  | 'aulasOnline'
  | 'clubExtrato'
  | 'clubRecompensas'
  | 'clubPedidos'
  | 'travelCampaign'
  | 'knnUsaOrlando'
  | 'knnUsaLondon'
  | 'avisos'
  | 'avisosLidos'
export interface SyncState {
  key: SyncKey
  updatedAt: number
  userId?: number
  totais?: Financeiro['totais']
  /**
   * The online classes (issue 10): a short list kept in its sync row, so it needs no
   * table (no schema version) and is wiped with everything else.
   */
  aulasOnline?: AulaOnline[]
  /**
   * The KNN Club (issue 13): the whole statement (balance, expiring points, every
   * movement), the catalogue and the reward orders, each in its sync row like the online
   * classes: short lists, no table, wiped with everything else.
   */
  clubExtrato?: Extrato
  clubRecompensas?: Recompensa[]
  clubPedidos?: PedidoRecompensa[]
  /**
   * The travel campaign "KNN abre o mundo" (issue 14): the open campaign with the
   * student's standing (null: none open) and their validated codes, in one sync row like the club's.
   */
  travelCampaign?: TravelCampaignState
  /**
   * KNN Orlando and London by Phenom (issue 14): each programme page's classes, books,
   * documents asked and the student's latest request, in one sync row per programme.
   */
  knnUsaOrlando?: KnnUsaState
  knnUsaLondon?: KnnUsaState
  /**
   * "Avisos" (issue 40 item 13): the notices as the server last answered, in their sync row
   * like the club's; and, in the row `avisosLidos`, the notices read on this device that the
   * server has not confirmed yet (sent before the next sync, docs/push.md "Avisos").
   */
  avisos?: Avisos
  avisosLidos?: AvisoLidoPendente[]
  /**
   * The server's ETag of each answer the entity was built from, by request path, sent back
   * as `If-None-Match` (issue 7). Kept here so a wipe removes them with the data.
   */
  etags?: Record<string, string>
}

/** The practice content of one class as last fetched (issue 10), usable offline. */
export interface StoredPratica {
  turma_id: number
  pratica: Pratica
  updatedAt: number
}

/** What the travel campaign's sync row holds. */
export interface TravelCampaignState {
  campanha: CampanhaViagem | null
  codigos: CodigoValidado[]
}

/** A notice read on this device, waiting for the server's confirmation. */
export interface AvisoLidoPendente {
  id: number
  /** When it was read here (ISO), shown until the server's time replaces it. */
  at: string
}

/** What a USA programme's sync row holds. */
export interface KnnUsaState {
  turmas: TurmaUsa[]
  livros: LivroUsa[]
  documentos: DocumentoExigido[]
  request: KnnUsaRequest | null
}

export const DB_NAME = 'portal'

/**
 * The device's copy of the offline entities (D15): classes, grades, instalments and orders,
 * as the contract types them. Upgrades are explicit versions (STYLE.md "Local database"):
 * never edit a released version, add the next one.
 */
export class PortalDb extends Dexie {
  turmas!: EntityTable<Turma, 'id'>
  notas!: EntityTable<StoredNotas, 'turma_id'>
  parcelas!: EntityTable<Parcela, 'id'>
  pedidos!: EntityTable<Pedido, 'id'>
  syncState!: EntityTable<SyncState, 'key'>
  atividades!: EntityTable<StoredAtividades, 'turma_id'>
  pratica!: EntityTable<StoredPratica, 'turma_id'>
  englishTest!: EntityTable<StoredEnglishTest, 'key'>
  englishTestPending!: Dexie.Table<PendingEnglishAnswer, [number, number]>

  constructor(name = DB_NAME) {
    super(name)
    this.version(1).stores({
      turmas: 'id, nome',
      notas: 'turma_id',
      parcelas: 'id, vencimento',
      pedidos: 'id, criado_em',
      syncState: 'key',
    })
    // v2: orders are listed by status and instalments by status too.
    this.version(2).stores({
      parcelas: 'id, vencimento, status',
      pedidos: 'id, criado_em, status.id',
    })
    // v3 (issue 10): each class's activities, readable offline like its grades.
    this.version(3).stores({ atividades: 'turma_id' })
    // v4 (issue 10, practice area): content per class and the test results not yet confirmed.
    this.version(4).stores({
      pratica: 'turma_id',
      praticaResultados: 'key, turma_id, estado',
    })
    // v5 (issue 10): the level test and the answers the server has not confirmed yet.
    this.version(5).stores({
      englishTest: 'key',
      englishTestPending: '[tentativa_id+questao_id], tentativa_id',
    })
    // v6: practice results go through the outbox (its own database, which logout keeps).
    this.version(6).stores({ praticaResultados: null })
  }
}

export const localDb = new PortalDb()

// Another tab upgraded the schema: let it proceed; this tab reopens on next use.
localDb.on('versionchange', () => {
  localDb.close()
  return false
})

/**
 * A returning user whose browser holds a database from a newer build (a rollback) or a
 * broken one would otherwise be stuck: start over empty and let the next sync refill it.
 */
export async function openLocalDb(db: PortalDb = localDb): Promise<PortalDb> {
  try {
    await db.open()
    // Dexie opens a newer installed version as it is; usable only if it has our tables.
    const stores = db.backendDB().objectStoreNames
    if (db.tables.every((table) => stores.contains(table.name))) return db
  } catch (error) {
    const name = (error as { name?: string }).name
    if (name !== 'VersionError' && name !== 'UpgradeError' && name !== 'DataError') throw error
  }
  db.close()
  await Dexie.delete(db.name)
  await db.open()
  return db
}
