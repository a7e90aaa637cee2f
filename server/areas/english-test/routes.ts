import type { FastifyInstance } from 'fastify'
import { ENGLISH_TEST_MINUTES, ENGLISH_TEST_RETAKE_DAYS } from '../../../src/contract/endpoints/english-test.ts'
import { contract } from '../../../src/contract/contract.ts'
import type { TentativaEnglishTest } from '../../../src/contract/schemas/english-test.ts'
import * as englishTestRepo from './repository.ts'
import type { Attempt } from './repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { releaseAfterLevelTest } from '../orders/release.ts'
import { HttpError, notFound, validationFailed } from '../../http/errors.ts'

/** The 4xx texts of the level test (Portuguese, shown to the student as they are). */
export const TEST_FINISHED = 'Este teste já foi finalizado: as respostas não podem mais ser alteradas.'
export const NO_QUESTIONS = 'O teste de nivelamento não está disponível no momento. Tente mais tarde.'
export const QUESTION_NOT_IN_TEST = 'Esta questão não faz parte do seu teste.'
export const CHOICE_NOT_IN_QUESTION = 'Esta alternativa não existe nesta questão.'

/** "Você poderá refazer o teste a partir de 23/12/2026." in Brazil's calendar (D21: the stored instant is UTC). */
export function retakeMessage(at: Date): string {
  const day = at.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })
  return `Você já fez o teste de nivelamento. Poderá refazê-lo a partir de ${day}.`
}

/**
 * The attempt as the student may see it: the questions without their right answers
 * until it is finished; then the score, the level and the right answers.
 */
export function toTentativa(tentativa: Attempt, now: Date): TentativaEnglishTest {
  const finished = tentativa.finalizadaEm !== null
  const pontos = finished ? englishTestRepo.score(tentativa.questoes, tentativa.respostas) : null
  return {
    id: tentativa.id,
    iniciada_em: tentativa.iniciadaEm.toISOString(),
    expira_em: tentativa.expiraEm.toISOString(),
    finalizada_em: tentativa.finalizadaEm?.toISOString() ?? null,
    tempo_esgotado: finished && tentativa.finalizadaEm!.getTime() >= tentativa.expiraEm.getTime(),
    agora: now.toISOString(),
    questoes: tentativa.questoes.map(({ id, nivel, enunciado, opcoes }) => ({ id, nivel, enunciado, opcoes })),
    respostas: tentativa.respostas.map((resposta) => ({ questao_id: resposta.questaoId, opcao: resposta.opcao })),
    resultado: pontos && {
      // The recorded level is the result; the breakdown is recomputed from the same answers.
      acertos: tentativa.acertos ?? pontos.acertos,
      total: pontos.total,
      nivel: tentativa.nivel ?? pontos.nivel,
      por_nivel: pontos.porNivel,
      corretas: tentativa.questoes.map((questao) => ({ questao_id: questao.id, opcao: questao.correta })),
    },
  }
}

/** /english-test (issue 10): the level test on the server's clock. */
export default async function englishTestRoutes(app: FastifyInstance) {
  const db = app.db.orm
  const durationMs = ENGLISH_TEST_MINUTES * 60_000

  contractRoute(app, contract.englishTest, async ({ caller }) => {
    const now = new Date()
    const { tentativa, podeRefazerEm } = await englishTestRepo.forUser(db, caller.id).state(now, ENGLISH_TEST_RETAKE_DAYS)
    const emAndamento = tentativa !== null && tentativa.finalizadaEm === null
    // Issue 12: an attempt whose time ran out was closed just now; its waiting orders move on.
    if (tentativa?.finalizadaEm) await releaseAfterLevelTest(db, caller.id, now)
    return {
      total_questoes: tentativa?.questoes.length ?? (await englishTestRepo.bankSize(db)),
      duracao_minutos: ENGLISH_TEST_MINUTES,
      refazer_apos_dias: ENGLISH_TEST_RETAKE_DAYS,
      tentativa: tentativa && toTentativa(tentativa, now),
      pode_iniciar: !emAndamento && podeRefazerEm === null,
      pode_refazer_em: podeRefazerEm?.toISOString() ?? null,
      agora: now.toISOString(),
    }
  })

  contractRoute(app, contract.iniciarEnglishTest, async ({ caller, reply }) => {
    const now = new Date()
    const result = await englishTestRepo.forUser(db, caller.id).start(now, durationMs, ENGLISH_TEST_RETAKE_DAYS)
    switch (result.kind) {
      case 'created':
        reply.code(201)
        return toTentativa(result.tentativa, now)
      case 'in-progress':
        return toTentativa(result.tentativa, now)
      case 'too-soon':
        throw new HttpError(409, retakeMessage(result.podeRefazerEm))
      case 'no-questions':
        throw new HttpError(503, NO_QUESTIONS)
    }
  })

  contractRoute(app, contract.salvarRespostasEnglishTest, async ({ params, body, caller }) => {
    const now = new Date()
    const respostas = body.respostas.map((resposta) => ({ questaoId: resposta.questao_id, opcao: resposta.opcao }))
    const result = await englishTestRepo.forUser(db, caller.id).saveAnswers(params.id, respostas, now)
    switch (result.kind) {
      case 'saved':
        return toTentativa(result.tentativa, now)
      case 'not-found':
        throw notFound()
      case 'finished':
        throw new HttpError(409, TEST_FINISHED)
      case 'invalid':
        throw validationFailed([
          {
            loc: ['body', 'respostas', result.index, result.field],
            msg: result.field === 'questao_id' ? QUESTION_NOT_IN_TEST : CHOICE_NOT_IN_QUESTION,
            type: 'value_error',
          },
        ])
    }
  })

  contractRoute(app, contract.finalizarEnglishTest, async ({ params, caller }) => {
    const now = new Date()
    const tentativa = await englishTestRepo.forUser(db, caller.id).finish(params.id, now)
    if (!tentativa) throw notFound()
    // Issue 12: the orders waiting for the level test move on to payment.
    await releaseAfterLevelTest(db, caller.id, now)
    return toTentativa(tentativa, now)
  })
}
