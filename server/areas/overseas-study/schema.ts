import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { instant, timestamps } from '../../db/timestamps.ts'
import { users } from '../users/schema.ts'

/**
 * KNN Orlando and London by Phenom (issue 14, D28, D29). A class abroad, its
 * books, a student's request with its documents; the payment is a charge of `cobrancas`
 * (`knn_usa_request_id`) and the managers' actions go to `manager_audit_log` (D31).
 */

export const PROGRAMAS_KNN_USA = ['orlando', 'london'] as const
export const MOEDAS_KNN_USA = ['USD', 'GBP'] as const
export const STATUS_KNN_USA = ['em_analise', 'documentos_pendentes', 'aprovado', 'pago', 'cancelado'] as const
export const TIPOS_DOCUMENTO_KNN_USA = ['passaporte', 'autorizacao_viagem'] as const
export const STATUS_DOCUMENTO_KNN_USA = ['enviado', 'reenviar', 'substituido'] as const

/** A class abroad (D28, D29): Orlando in US$, London in £ (the check keeps them so). */
export const knnUsaTurmas = pgTable(
  'knn_usa_turmas',
  {
    id: serial('id').primaryKey(),
    programa: text('programa', { enum: PROGRAMAS_KNN_USA }).notNull(),
    nome: text('nome').notNull(),
    cidade: text('cidade').notNull(),
    dataIda: date('data_ida', { mode: 'string' }).notNull(),
    dataVolta: date('data_volta', { mode: 'string' }).notNull(),
    vagas: integer('vagas').notNull(),
    /** Cents of `moeda`. */
    precoCentavos: integer('preco_centavos').notNull(),
    moeda: text('moeda', { enum: MOEDAS_KNN_USA }).notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('knn_usa_turmas_nome_unique').on(table.programa, table.nome),
    check('knn_usa_turmas_programa_check', sql`${table.programa} in ('orlando', 'london')`),
    check(
      'knn_usa_turmas_moeda_check',
      sql`(${table.programa} = 'orlando' and ${table.moeda} = 'USD') or (${table.programa} = 'london' and ${table.moeda} = 'GBP')`,
    ),
    check('knn_usa_turmas_datas_check', sql`${table.dataVolta} > ${table.dataIda}`),
    check('knn_usa_turmas_vagas_check', sql`${table.vagas} > 0`),
    check('knn_usa_turmas_preco_check', sql`${table.precoCentavos} > 0`),
  ],
)

/** A book used in a class abroad (`GET /knn-usa/turmas/livros/`). */
export const knnUsaLivros = pgTable(
  'knn_usa_livros',
  {
    id: serial('id').primaryKey(),
    turmaId: integer('turma_id')
      .notNull()
      .references(() => knnUsaTurmas.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    descricao: text('descricao').notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('knn_usa_livros_turma_titulo_unique').on(table.turmaId, table.titulo)],
)

/**
 * A student's request (D28). One open request (em análise, documentos pendentes
 * or aprovado) per student, by the partial unique index; it holds a seat of its class from
 * sending until cancelled. A minor on the departure day has a guardian (name and CPF).
 */
export const knnUsaRequests = pgTable(
  'knn_usa_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    turmaId: integer('turma_id')
      .notNull()
      .references(() => knnUsaTurmas.id, { onDelete: 'restrict' }),
    status: text('status', { enum: STATUS_KNN_USA }).notNull().default('em_analise'),
    /** Upper-case letters and digits; never logged. */
    passaporteNumero: text('passaporte_numero').notNull(),
    passaporteValidade: date('passaporte_validade', { mode: 'string' }).notNull(),
    dataNascimento: date('data_nascimento', { mode: 'string' }).notNull(),
    /** Under 18 on the class's departure day (SPEC §5). */
    menor: boolean('menor').notNull(),
    responsavelNome: text('responsavel_nome'),
    /** Digits only. */
    responsavelCpf: text('responsavel_cpf'),
    /** While documentos_pendentes: the kinds asked again and why. */
    pendenciaTipos: jsonb('pendencia_tipos').$type<(typeof TIPOS_DOCUMENTO_KNN_USA)[number][]>(),
    pendenciaMotivo: text('pendencia_motivo'),
    motivoCancelamento: text('motivo_cancelamento'),
    ...timestamps,
    atualizadoEm: instant('atualizado_em').notNull().defaultNow(),
    pagoEm: instant('pago_em'),
    /** Reais paid (the câmbio of the payment's day). */
    valorPagoCentavos: integer('valor_pago_centavos'),
  },
  (table) => [
    uniqueIndex('knn_usa_requests_aberta_unique')
      .on(table.userId)
      .where(sql`${table.status} in ('em_analise', 'documentos_pendentes', 'aprovado')`),
    index('knn_usa_requests_turma_idx').on(table.turmaId, table.status),
    // The staff's review queue, oldest first (issue 39): one status's tab, and every request.
    index('knn_usa_requests_status_idx').on(table.status, table.createdAt, table.id),
    index('knn_usa_requests_created_at_idx').on(table.createdAt, table.id),
    check('knn_usa_requests_status_check', sql`${table.status} in ('em_analise', 'documentos_pendentes', 'aprovado', 'pago', 'cancelado')`),
    check('knn_usa_requests_pago_check', sql`(${table.status} = 'pago') = (${table.pagoEm} is not null)`),
    check(
      'knn_usa_requests_responsavel_check',
      sql`not ${table.menor} or (${table.responsavelNome} is not null and ${table.responsavelCpf} is not null)`,
    ),
    check('knn_usa_requests_responsavel_cpf_check', sql`${table.responsavelCpf} ~ '^[0-9]{11}$'`),
    check(
      'knn_usa_requests_pendencia_check',
      sql`(${table.status} = 'documentos_pendentes') = (${table.pendenciaTipos} is not null and ${table.pendenciaMotivo} is not null)`,
    ),
  ],
)

/**
 * A document of a request: its bytes in file storage (`chave`, never under the web root),
 * served only to its student and to managers. A resend marks the old copy `substituido`.
 */
export const knnUsaDocumentos = pgTable(
  'knn_usa_documentos',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => knnUsaRequests.id, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: TIPOS_DOCUMENTO_KNN_USA }).notNull(),
    nome: text('nome').notNull(),
    chave: text('chave').notNull(),
    tipoMidia: text('tipo_midia').notNull(),
    tamanho: integer('tamanho').notNull(),
    sha256: text('sha256').notNull(),
    status: text('status', { enum: STATUS_DOCUMENTO_KNN_USA }).notNull().default('enviado'),
    /** Why the school asked it again. */
    motivo: text('motivo'),
    ...timestamps,
  },
  (table) => [
    index('knn_usa_documentos_request_idx').on(table.requestId),
    // One current copy per kind: older ones are `substituido`.
    uniqueIndex('knn_usa_documentos_atual_unique')
      .on(table.requestId, table.tipo)
      .where(sql`${table.status} <> 'substituido'`),
    check('knn_usa_documentos_tipo_check', sql`${table.tipo} in ('passaporte', 'autorizacao_viagem')`),
    check('knn_usa_documentos_status_check', sql`${table.status} in ('enviado', 'reenviar', 'substituido')`),
  ],
)

export type KnnUsaTurmaRow = typeof knnUsaTurmas.$inferSelect
export type KnnUsaRequestRow = typeof knnUsaRequests.$inferSelect
export type KnnUsaDocumentoRow = typeof knnUsaDocumentos.$inferSelect
