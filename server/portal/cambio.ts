import type { FastifyInstance } from 'fastify'
import { contract } from '../../src/api/contract.ts'
import { CAMBIO_TEXTS } from '../../src/api/contract/cambio.ts'
import type { CotacaoCambio, MoedaEstrangeira } from '../../src/api/schemas/cambio.ts'
import { converter, IOF_PERCENTUAL } from '../cambio/conversao.ts'
import * as cambioRepo from '../db/repositories/cambio.ts'
import type { CambioCotacaoRow } from '../db/schema/cambio.ts'
import { contractRoute } from '../http/contract-route.ts'
import { HttpError, validationFailed } from '../http/errors.ts'

/** The answer for a recorded quote: the side typed is the origin. */
export function toCotacaoCambio(row: CambioCotacaoRow): CotacaoCambio {
  const reais = { moeda: 'BRL' as const, valor: row.valorReaisCentavos }
  const moeda = { moeda: row.moeda, valor: row.valorMoedaCentavos }
  const [origem, destino] = row.deReais ? [reais, moeda] : [moeda, reais]
  return {
    id: row.id,
    moeda_origem: origem.moeda,
    moeda_destino: destino.moeda,
    valor_origem: origem.valor,
    valor_destino: destino.valor,
    taxa: row.taxaMilionesimos / 1_000_000,
    taxa_data: row.taxaData,
    iof_percentual: IOF_PERCENTUAL,
    valor_reais: row.valorReaisCentavos,
    iof: row.iofCentavos,
    total: row.totalCentavos,
    cotada_em: row.createdAt.toISOString(),
    valida_ate: row.validaAte.toISOString(),
    pago_em: row.pagoEm?.toISOString() ?? null,
  }
}

/** Câmbio (D14, D30, P200–P202): the simulator records a quote the student can pay for 15 minutes. */
export default async function cambioRoutes(app: FastifyInstance) {
  contractRoute(app, contract.simularCambio, async ({ caller, body, reply }) => {
    const { moeda_origem: origem, moeda_destino: destino } = body
    if ((origem === 'BRL') === (destino === 'BRL')) {
      throw validationFailed([{ loc: ['body', 'moeda_destino'], msg: CAMBIO_TEXTS.semReais, type: 'value_error' }])
    }
    const moeda = (origem === 'BRL' ? destino : origem) as MoedaEstrangeira
    const rate = await cambioRepo.taxa(app.db.orm, moeda)
    if (!rate) throw new HttpError(422, CAMBIO_TEXTS.semTaxa)
    const row = await cambioRepo.registrarCotacao(
      app.db.orm,
      caller.id,
      converter(moeda, origem, body.valor, rate.taxaMilionesimos),
      rate,
      new Date(),
    )
    reply.code(201)
    return toCotacaoCambio(row)
  })
}
