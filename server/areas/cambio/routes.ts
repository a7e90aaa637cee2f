import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import { CAMBIO_TEXTS } from '../../../src/contract/endpoints/cambio.ts'
import type { CotacaoCambio, MoedaEstrangeira } from '../../../src/contract/schemas/cambio.ts'
import { convert, IOF_PERCENT, ratePerUnit, minimumAmount, minimumAmountMessage } from './conversion.ts'
import * as cambioRepo from './repository.ts'
import { paymentFlows, type TargetTexts } from '../payments/routes.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { HttpError, notFound, validationFailed } from '../../http/errors.ts'

/** The answer for a recorded quote: the side typed is the origin. */
export function toCotacaoCambio(row: cambioRepo.CambioCotacaoRow): CotacaoCambio {
  const reais = { moeda: 'BRL' as const, valor: row.valorReaisCentavos }
  const moeda = { moeda: row.moeda, valor: row.valorMoedaCentavos }
  const [origem, destino] = row.deReais ? [reais, moeda] : [moeda, reais]
  return {
    id: row.id,
    moeda_origem: origem.moeda,
    moeda_destino: destino.moeda,
    valor_origem: origem.valor,
    valor_destino: destino.valor,
    taxa: ratePerUnit(row.taxaMilionesimos),
    taxa_data: row.taxaData,
    iof_percentual: IOF_PERCENT,
    valor_reais: row.valorReaisCentavos,
    iof: row.iofCentavos,
    total: row.totalCentavos,
    cotada_em: row.createdAt.toISOString(),
    valida_ate: row.validaAte.toISOString(),
    pago_em: row.pagoEm?.toISOString() ?? null,
  }
}

const QUOTE_TARGET: TargetTexts = {
  notFound: CAMBIO_TEXTS.cotacaoNotFound,
  alreadyPaid: CAMBIO_TEXTS.cotacaoPaga,
  closed: CAMBIO_TEXTS.cotacaoExpirada,
}

/** Câmbio (D14, D30): the simulator records a quote the student can pay for 15 minutes. */
export default async function cambioRoutes(app: FastifyInstance) {
  const payments = paymentFlows(app)
  contractRoute(app, contract.simularCambio, async ({ caller, body, reply }) => {
    const { moeda_origem: origem, moeda_destino: destino } = body
    if ((origem === 'BRL') === (destino === 'BRL')) {
      throw validationFailed([{ loc: ['body', 'moeda_destino'], msg: CAMBIO_TEXTS.semReais, type: 'value_error' }])
    }
    const moeda = (origem === 'BRL' ? destino : origem) as MoedaEstrangeira
    const rate = await cambioRepo.rateOf(app.db.orm, moeda)
    if (!rate) throw new HttpError(422, CAMBIO_TEXTS.semTaxa)
    // Below it the converted side would round to 0 cents (a 500 before: the table refuses it).
    const minimum = minimumAmount(origem, rate.taxaMilionesimos)
    if (body.valor < minimum) {
      throw validationFailed([{ loc: ['body', 'valor'], msg: minimumAmountMessage(origem, destino, minimum), type: 'value_error' }])
    }
    const row = await cambioRepo.recordQuote(
      app.db.orm,
      caller.id,
      convert(moeda, origem, body.valor, rate.taxaMilionesimos),
      rate,
      new Date(),
    )
    reply.code(201)
    return toCotacaoCambio(row)
  })

  // A Pix code never outlives its quote: a confirmation after the 15 minutes finds it expired.
  contractRoute(app, contract.pagarCambioPix, async ({ caller, body }) => {
    const cotacao = await cambioRepo.studentQuote(app.db.orm, caller.id, body.cotacao_id)
    if (!cotacao) throw notFound(CAMBIO_TEXTS.cotacaoNotFound)
    return payments.pix(caller.id, { tipo: 'cambio', id: cotacao.id }, QUOTE_TARGET, cotacao.validaAte)
  })
  contractRoute(app, contract.pagarCambioCartao, ({ caller, body, request, reply }) =>
    payments.card(caller.id, { tipo: 'cambio', id: body.cotacao_id }, QUOTE_TARGET, body, request, reply),
  )
}
