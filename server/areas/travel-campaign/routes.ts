import type { FastifyInstance, FastifyReply } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import type { CampanhaViagem, CodigoValidado } from '../../../src/contract/schemas/travel-campaign.ts'
import * as campaignRepo from './repository.ts'
import { HttpError, notFound } from '../../http/errors.ts'
import { contractRoute } from '../../http/contract-route.ts'

/** The 4xx texts of the travel campaign, shown to the student as they are. */
export const CAMPAIGN_NOT_FOUND = 'Campanha não encontrada.'
export const NO_OPEN_CAMPAIGN = 'Não há nenhuma campanha aberta no momento.'
export const CODE_UNKNOWN = 'Código não encontrado. Confira se o QR code é de uma campanha KNN.'
export const CODE_KEY_REUSED = 'Esta chave de envio (Idempotency-Key) já foi usada para outro código.'
export const NOT_ENROLLED = 'Você ainda não participa desta campanha. Toque em "Participar" e aceite o regulamento para validar códigos.'

const data = (instant: Date) => instant.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })
export const codeUsed = (validadoEm: Date) => `Você já validou este código em ${data(validadoEm)}. Cada código vale uma vez por aluno.`
export const campaignEnded = (fim: Date) => `Esta campanha terminou em ${data(new Date(fim.getTime() - 1))}: o código não vale mais.`
export const campaignNotStarted = (inicio: Date) => `Esta campanha ainda não começou: os códigos valem a partir de ${data(inicio)}.`
export const enrolmentClosed = (fim: Date) => `As inscrições desta campanha terminaram em ${data(new Date(fim.getTime() - 1))}.`

function toCampanha({ campanha, inscritoEm, entradas, codigosValidados }: campaignRepo.CampaignStanding, now: Date): CampanhaViagem {
  return {
    id: campanha.id,
    nome: campanha.nome,
    descricao: campanha.descricao,
    regulamento: campanha.regulamento,
    premio: campanha.premio,
    inicio: campanha.inicio.toISOString(),
    fim: campanha.fim.toISOString(),
    aberta: campanha.inicio <= now && now < campanha.fim,
    inscrito_em: inscritoEm?.toISOString() ?? null,
    entradas,
    codigos_validados: codigosValidados,
  }
}

function toCodigo(validado: campaignRepo.Validado): CodigoValidado {
  return {
    codigo: validado.codigo,
    descricao: validado.descricao,
    campanha_id: validado.campanhaId,
    campanha_nome: validado.campanhaNome,
    entradas: validado.entradas,
    validado_em: validado.validadoEm.toISOString(),
  }
}

/** The travel campaign "KNN abre o mundo" (issue 14, D27). */
export default async function travelCampaignRoutes(app: FastifyInstance) {
  const scope = (userId: number) => campaignRepo.forUser(app.db.orm, userId)

  contractRoute(app, contract.travelCampaign, async ({ caller, params }) => {
    const now = new Date()
    const id = params.id === 'atual' ? 'atual' : Number(params.id)
    const found = await scope(caller.id).campaign(id, now)
    if (!found) throw notFound(id === 'atual' ? NO_OPEN_CAMPAIGN : CAMPAIGN_NOT_FOUND)
    return toCampanha(found, now)
  })

  contractRoute(app, contract.joinTravelCampaign, async ({ caller, body, reply }) => {
    const now = new Date()
    const result = await scope(caller.id).join(body.campanha_id, now)
    switch (result.kind) {
      case 'not-found':
        throw notFound(CAMPAIGN_NOT_FOUND)
      case 'closed':
        throw new HttpError(409, enrolmentClosed(result.campanha.fim))
      case 'created':
        reply.code(201)
        return toCampanha(result.standing, now)
      case 'existing':
        return toCampanha(result.standing, now)
    }
  })

  contractRoute(app, contract.travelCampaignCodes, async ({ caller }) => (await scope(caller.id).codes()).map(toCodigo))

  contractRoute(app, contract.validateTravelCampaignCode, async ({ caller, params, headers, reply }) =>
    answer(await scope(caller.id).validate(params.id, headers['idempotency-key'], new Date()), reply),
  )

  // The printed URL's own key (a client key never holds ":"), so opening it twice is a replay.
  contractRoute(app, contract.scanTravelCampaignCode, async ({ caller, params, reply }) =>
    answer(await scope(caller.id).validate(params.b, `qr-url:${params.b}`, new Date(), params.a), reply),
  )

  function answer(result: campaignRepo.CodeValidation, reply: FastifyReply) {
    switch (result.kind) {
      case 'created':
      case 'replayed':
        if (result.kind === 'created') reply.code(201)
        return { ...toCodigo(result.validado), total_entradas: result.entriesTotal }
      case 'unknown':
        throw notFound(CODE_UNKNOWN)
      case 'not-started':
        throw new HttpError(409, campaignNotStarted(result.campanha.inicio))
      case 'ended':
        throw new HttpError(410, campaignEnded(result.campanha.fim))
      case 'not-enrolled':
        throw new HttpError(409, NOT_ENROLLED)
      case 'already-used':
        throw new HttpError(409, codeUsed(result.validadoEm))
      case 'key-reused':
        throw new HttpError(422, CODE_KEY_REUSED)
    }
  }
}
