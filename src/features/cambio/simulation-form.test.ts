import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/client.ts'
import { checkSimulation, simulationErrors, simulationRequest } from './simulation-form.ts'

describe('the simulator form', () => {
  it('always has reais on one side (D30)', () => {
    expect(simulationRequest({ moeda: 'USD', emReais: false, valor: '100,00' })).toEqual({
      moeda_origem: 'USD',
      moeda_destino: 'BRL',
      valor: 10_000,
    })
    expect(simulationRequest({ moeda: 'GBP', emReais: true, valor: '1.000,00' })).toEqual({
      moeda_origem: 'BRL',
      moeda_destino: 'GBP',
      valor: 100_000,
    })
  })

  it('says what is wrong with the amount before sending, in the schema’s words', () => {
    expect(checkSimulation(simulationRequest({ moeda: 'EUR', emReais: false, valor: '' }))).toEqual({
      valor: 'Informe um valor maior que zero.',
    })
    expect(checkSimulation(simulationRequest({ moeda: 'EUR', emReais: false, valor: '100.000,01' }))).toEqual({
      valor: 'O valor máximo de uma simulação é 100.000,00.',
    })
    expect(checkSimulation(simulationRequest({ moeda: 'EUR', emReais: false, valor: '1,00' }))).toBeNull()
  })

  it('puts the server’s 422 beside its field, anything else in one message', () => {
    const semReais = new ApiError(422, 'Dados inválidos', {
      detail: [{ loc: ['body', 'moeda_destino'], msg: 'A simulação converte entre reais e …', type: 'value_error' }],
    })
    expect(simulationErrors(semReais)).toEqual({ valor: undefined, moeda: 'A simulação converte entre reais e …', message: undefined })
    const valor = new ApiError(422, 'Dados inválidos', { detail: [{ loc: ['body', 'valor'], msg: 'Informe o valor em centavos.' }] })
    expect(simulationErrors(valor).valor).toBe('Informe o valor em centavos.')
    const semTaxa = new ApiError(422, 'Não há taxa de câmbio cadastrada para esta moeda.', {
      detail: 'Não há taxa de câmbio cadastrada para esta moeda.',
    })
    expect(simulationErrors(semTaxa).message).toBe('Não há taxa de câmbio cadastrada para esta moeda.')
  })
})
