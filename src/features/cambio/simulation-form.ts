import * as v from 'valibot'
import { saveFailure } from '../../lib/save-failure.ts'
import { SimulacaoCambioIn, type Moeda, type MoedaEstrangeira } from '../../contract/schemas/cambio.ts'
import { centsFromMoneyInput } from './money.ts'

/** What the simulator's form holds: the foreign currency, which side the amount is typed in, and the typed text. */
export interface SimulationForm {
  moeda: MoedaEstrangeira
  /** The amount is in reais (BRL → moeda); otherwise in the foreign currency (moeda → BRL). */
  emReais: boolean
  valor: string
}

/** Where a refused simulation's messages go: under the amount, under the currency, or one message. */
export interface SimulationErrors {
  valor?: string | undefined
  moeda?: string | undefined
  message?: string | undefined
}

/** The request the form stands for (one side always BRL, D30). */
export function simulationRequest(form: SimulationForm): SimulacaoCambioIn {
  const [moeda_origem, moeda_destino]: [Moeda, Moeda] = form.emReais ? ['BRL', form.moeda] : [form.moeda, 'BRL']
  return { moeda_origem, moeda_destino, valor: centsFromMoneyInput(form.valor) ?? 0 }
}

/** The schema's own Portuguese messages before anything is sent (an empty amount, above 100.000,00); null when it may go. */
export function checkSimulation(request: SimulacaoCambioIn): SimulationErrors | null {
  const result = v.safeParse(SimulacaoCambioIn, request)
  if (result.success) return null
  return toErrors(result.issues.map((issue) => ({ loc: ['body', ...(issue.path ?? []).map((item) => item.key)], msg: issue.message })))
}

const CAMPOS = ['valor', 'moeda_origem', 'moeda_destino'] as const
type Campo = (typeof CAMPOS)[number]
const isCampo = (key: unknown): key is Campo => CAMPOS.includes(key as Campo)

/** A refused simulation as the form shows it: the server's 422 issues beside their fields, anything else as one message. */
export function simulationErrors(error: unknown): SimulationErrors {
  const { fieldErrors, message } = saveFailure(error, isCampo)
  return {
    valor: fieldErrors.valor,
    moeda: fieldErrors.moeda_destino ?? fieldErrors.moeda_origem,
    message: message ?? undefined,
  }
}

function toErrors(issues: { loc: unknown[]; msg: string }[]): SimulationErrors {
  const errors: SimulationErrors = {}
  for (const { loc, msg } of issues) {
    const field = loc[1]
    if (field === 'valor') errors.valor ??= msg
    else if (field === 'moeda_origem' || field === 'moeda_destino') errors.moeda ??= msg
    else errors.message ??= msg
  }
  return errors
}
