import * as v from 'valibot'
import { IsoDateTime } from './common.ts'

/** The English level test (issue 10): what the server answers and accepts. */

const Id = v.pipe(v.number(), v.integer(), v.minValue(1))
const Count = v.pipe(v.number(), v.integer(), v.minValue(0))
/** A choice: its index in the question's `opcoes`. */
const Opcao = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(9))

/** CEFR levels of the bank's questions. */
export const NIVEIS_QUESTAO = ['A1', 'A2', 'B1', 'B2', 'C1'] as const
/** The level a result can give: below A1 is "Pré-A1". */
export const NIVEIS_RESULTADO = ['PRE_A1', ...NIVEIS_QUESTAO] as const
export type NivelResultado = (typeof NIVEIS_RESULTADO)[number]

/** A question as the student sees it: never its right answer. */
export const QuestaoEnglishTest = v.object({
  id: Id,
  nivel: v.picklist(NIVEIS_QUESTAO),
  enunciado: v.string(),
  opcoes: v.array(v.string()),
})
export type QuestaoEnglishTest = v.InferOutput<typeof QuestaoEnglishTest>

export const RespostaEnglishTest = v.object({ questao_id: Id, opcao: Opcao })
export type RespostaEnglishTest = v.InferOutput<typeof RespostaEnglishTest>

/** Only once the attempt is finished: the score, the level and the right answers. */
export const ResultadoEnglishTest = v.object({
  acertos: Count,
  total: Count,
  nivel: v.picklist(NIVEIS_RESULTADO),
  por_nivel: v.array(v.object({ nivel: v.picklist(NIVEIS_QUESTAO), acertos: Count, total: Count })),
  corretas: v.array(RespostaEnglishTest),
})
export type ResultadoEnglishTest = v.InferOutput<typeof ResultadoEnglishTest>

/**
 * One attempt. `agora` is the server's clock when it answered, so the screen's timer runs
 * on the server's deadline (`expira_em`) whatever the device's clock says.
 */
export const TentativaEnglishTest = v.object({
  id: Id,
  iniciada_em: IsoDateTime,
  expira_em: IsoDateTime,
  finalizada_em: v.nullable(IsoDateTime),
  /** Finished because time ran out (not by the student). */
  tempo_esgotado: v.boolean(),
  agora: IsoDateTime,
  questoes: v.array(QuestaoEnglishTest),
  respostas: v.array(RespostaEnglishTest),
  resultado: v.nullable(ResultadoEnglishTest),
})
export type TentativaEnglishTest = v.InferOutput<typeof TentativaEnglishTest>

/** The screen's first answer: the test's terms, the current or last attempt, and whether one may start. */
export const EnglishTestEstado = v.object({
  total_questoes: Count,
  duracao_minutos: Count,
  refazer_apos_dias: Count,
  /** The attempt in progress, else the last finished one, else null. */
  tentativa: v.nullable(TentativaEnglishTest),
  pode_iniciar: v.boolean(),
  /** When a finished student may take it again; null when they may now or never took it. */
  pode_refazer_em: v.nullable(IsoDateTime),
  agora: IsoDateTime,
})
export type EnglishTestEstado = v.InferOutput<typeof EnglishTestEstado>

/**
 * Answers to save: each replaces the earlier choice for its question (idempotent). No body
 * saves nothing and answers the attempt as it is.
 */
export const SalvarRespostasBody = v.optional(v.object({ respostas: v.pipe(v.array(RespostaEnglishTest), v.maxLength(100)) }), {
  respostas: [],
})
export type SalvarRespostasBody = v.InferOutput<typeof SalvarRespostasBody>
