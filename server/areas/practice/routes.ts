import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import type { Pratica, ResultadoPratica } from '../../../src/contract/schemas/pratica.ts'
import * as practiceRepo from './repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { HttpError, notFound } from '../../http/errors.ts'

/** The 4xx texts of the practice calls (Portuguese, shown to the student as they are). */
export const PRACTICE_KEY_REUSED = 'Esta chave de envio (Idempotency-Key) já foi usada para outro resultado.'
export const PRACTICE_ANSWERS_INVALID = 'As respostas não correspondem às questões do teste: responda cada questão uma vez.'

function toResultado(resultado: practiceRepo.PraticaResultadoRow, bestGrade: number): ResultadoPratica {
  return {
    id: resultado.id,
    teste_id: resultado.testeId,
    acertos: resultado.acertos,
    total: resultado.total,
    nota: resultado.nota,
    feito_em: resultado.feitoEm.toISOString(),
    recebido_em: resultado.recebidoEm.toISOString(),
    melhor_nota: bestGrade,
  }
}

/** The practice area of a class (issue 10). */
export default async function practiceRoutes(app: FastifyInstance) {
  const scope = (userId: number) => practiceRepo.forUser(app.db.orm, userId)

  contractRoute(app, contract.pratica, async ({ caller, params }) => {
    const conteudo = await scope(caller.id).practice(params.id)
    if (!conteudo) throw notFound()
    return {
      turma_id: conteudo.turmaId,
      turma_aluno_id: conteudo.turmaAlunoId,
      livro: conteudo.livro,
      audios: conteudo.audios.map(({ id, titulo, duracaoSegundos, arquivo }) => ({ id, titulo, duracao: duracaoSegundos, url: arquivo })),
      vocabulario: conteudo.vocabulario.map(({ id, palavra, traducao, exemplo, audio }) => ({
        id,
        palavra,
        traducao,
        exemplo,
        audio_url: audio,
      })),
      testes: conteudo.testes.map(({ id, titulo, unidade, questoes, bestGrade }) => ({
        id,
        titulo,
        unidade,
        questoes: questoes.map(({ id, enunciado, opcoes, correta }) => ({ id, enunciado, opcoes, correta })),
        melhor_nota: bestGrade,
      })),
    } satisfies Pratica
  })

  contractRoute(app, contract.salvarResultadoPratica, async ({ caller, params, headers, body, reply }) => {
    const result = await scope(caller.id).saveResult(params.id, params.x, headers['idempotency-key'], body, new Date())
    switch (result.kind) {
      case 'created':
        reply.code(201)
        return toResultado(result.resultado, result.bestGrade)
      case 'replayed':
        return toResultado(result.resultado, result.bestGrade)
      case 'not-found':
        throw notFound()
      case 'key-reused':
        throw new HttpError(422, PRACTICE_KEY_REUSED)
      case 'invalid':
        throw new HttpError(422, PRACTICE_ANSWERS_INVALID)
    }
  })
}
