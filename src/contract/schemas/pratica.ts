import * as v from 'valibot'
import { IsoDateTime, Text } from './common.ts'
import { Livro, Nota } from './turma.ts'

const Id = v.pipe(v.number(), v.integer(), v.minValue(1))

/** An audio lesson: `url` is a same-origin file the player streams (Range) and the worker caches. */
export const AudioPratica = v.object({
  id: Id,
  titulo: v.string(),
  /** Length in whole seconds, for the list before the file loads. */
  duracao: v.pipe(v.number(), v.integer(), v.minValue(0)),
  url: v.string(),
})
export type AudioPratica = v.InferOutput<typeof AudioPratica>

export const VocabuloPratica = v.object({
  id: Id,
  palavra: v.string(),
  traducao: v.string(),
  exemplo: v.string(),
  /** The word spoken; null when the book has no recording of it. */
  audio_url: v.nullable(v.string()),
})
export type VocabuloPratica = v.InferOutput<typeof VocabuloPratica>

export const OpcaoPratica = v.object({ id: Id, texto: v.string() })

/**
 * A question with its options and the right one: the device scores a test offline, so it
 * needs the key; the server scores the answers again and keeps its own result.
 */
export const QuestaoPratica = v.object({
  id: Id,
  enunciado: v.string(),
  opcoes: v.array(OpcaoPratica),
  correta: Id,
})
export type QuestaoPratica = v.InferOutput<typeof QuestaoPratica>

export const TestePratica = v.object({
  id: Id,
  titulo: v.string(),
  unidade: v.nullable(v.string()),
  questoes: v.array(QuestaoPratica),
  /** The student's best score in this class so far (what the at-home grades show); null = never done. */
  melhor_nota: v.nullable(Nota),
})
export type TestePratica = v.InferOutput<typeof TestePratica>

/** GET /at-home/turma/{id}/pratica/: the practice content of the class's book. */
export const Pratica = v.object({
  turma_id: Id,
  turma_aluno_id: Id,
  /** The class's book the content belongs to; null when the class has none (then all lists are empty). */
  livro: v.nullable(Livro),
  audios: v.array(AudioPratica),
  vocabulario: v.array(VocabuloPratica),
  testes: v.array(TestePratica),
})
export type Pratica = v.InferOutput<typeof Pratica>

/** The answers of one finished test (POST …/pratica/teste/{x}/resultado/), sent when done or later from the device. */
export const ResultadoPraticaBody = v.object({
  respostas: v.pipe(v.array(v.object({ questao: Id, opcao: Id })), v.minLength(1, 'Responda pelo menos uma questão.'), v.maxLength(200)),
  /** When the student finished it on the device. */
  feito_em: v.pipe(Text(40), v.isoTimestamp()),
})
export type ResultadoPraticaBody = v.InferOutput<typeof ResultadoPraticaBody>

/** The stored result, scored by the server; 201 the first time, 200 for a replay of its key. */
export const ResultadoPratica = v.object({
  id: Id,
  teste_id: Id,
  acertos: v.pipe(v.number(), v.integer(), v.minValue(0)),
  total: v.pipe(v.number(), v.integer(), v.minValue(1)),
  nota: Nota,
  feito_em: IsoDateTime,
  recebido_em: IsoDateTime,
  /** The best score of the test in this class after this one: the at-home grade. */
  melhor_nota: Nota,
})
export type ResultadoPratica = v.InferOutput<typeof ResultadoPratica>

/**
 * Scores a test the same way on the device and on the server: each question right
 * counts one; the grade is 0–10 with one decimal. `null` when the answers do not fit the
 * test (a question missing, answered twice or unknown, an option it does not have).
 */
export function pontuarTeste(
  questoes: readonly Pick<QuestaoPratica, 'id' | 'opcoes' | 'correta'>[],
  respostas: readonly { questao: number; opcao: number }[],
): { acertos: number; total: number; nota: number } | null {
  if (questoes.length === 0 || respostas.length !== questoes.length) return null
  const chosen = new Map<number, number>()
  for (const { questao, opcao } of respostas) {
    if (chosen.has(questao)) return null
    chosen.set(questao, opcao)
  }
  let acertos = 0
  for (const questao of questoes) {
    const opcao = chosen.get(questao.id)
    if (opcao === undefined || !questao.opcoes.some((candidate) => candidate.id === opcao)) return null
    if (opcao === questao.correta) acertos++
  }
  return { acertos, total: questoes.length, nota: Math.round((acertos * 100) / questoes.length) / 10 }
}
