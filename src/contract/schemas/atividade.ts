import * as v from 'valibot'
import { IsoDate, IsoDateTime } from './common.ts'

const Id = v.pipe(v.number(), v.integer(), v.minValue(1))
const Bytes = v.pipe(v.number(), v.integer(), v.minValue(1))
/** Hex SHA-256 of a file's bytes: what the client can hash its own copy against. */
const Sha256 = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))

/**
 * A file the student sent for an activity, as stored: the receipt of the send (D16), with
 * `referencia` to show the teacher and `recebido_em`.
 */
export const ArquivoAtividade = v.object({
  id: Id,
  turma_aluno_atividade_id: Id,
  nome: v.string(),
  tamanho: Bytes,
  tipo: v.string(),
  sha256: Sha256,
  recebido_em: IsoDateTime,
  /** "ENV-000123": the send's reference, printed on the receipt. */
  referencia: v.string(),
})
export type ArquivoAtividade = v.InferOutput<typeof ArquivoAtividade>

/** The teacher's correction of the student's activity. */
export const CorrecaoAtividade = v.object({
  id: Id,
  nome: v.string(),
  tamanho: Bytes,
  tipo: v.string(),
  comentario: v.nullable(v.string()),
  corrigido_em: IsoDateTime,
})
export type CorrecaoAtividade = v.InferOutput<typeof CorrecaoAtividade>

/**
 * An activity of a class as one student has it (turma-aluno-atividade): the statement, the
 * due date, the files sent, the corrections and, for an activity held as a class, presence.
 */
export const TurmaAlunoAtividade = v.object({
  /** The `{id}` of the send, download and delete calls. */
  id: Id,
  /** The `{id}` of the presence call. */
  turma_atividade_id: Id,
  turma_id: Id,
  titulo: v.string(),
  enunciado: v.string(),
  data_entrega: v.nullable(IsoDate),
  /** When the activity's class starts; null = not held as a class (no presence). */
  aula_em: v.nullable(IsoDateTime),
  presenca_em: v.nullable(IsoDateTime),
  arquivos: v.array(ArquivoAtividade),
  correcoes: v.array(CorrecaoAtividade),
})
export type TurmaAlunoAtividade = v.InferOutput<typeof TurmaAlunoAtividade>
