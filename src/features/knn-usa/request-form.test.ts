// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/client.ts'
import type { TurmaUsa } from '../../contract/schemas/knn-usa.ts'
import {
  clearRequestDraft,
  documentsFor,
  EMPTY_VALUES,
  initialValues,
  isMinorFor,
  readRequestDraft,
  requestBody,
  sendFailure,
  validateRequest,
  writeRequestDraft,
  type RequestValues,
} from './request-form.ts'

const turma: TurmaUsa = {
  id: 7,
  programa: 'orlando',
  nome: 'Orlando Julho',
  cidade: 'Orlando',
  data_ida: '2030-07-10',
  data_volta: '2030-07-31',
  vagas: 20,
  vagas_restantes: 3,
  preco: 350_000,
  moeda: 'USD',
  estimativa_reais: 1_900_000,
  taxa: 5.43,
  taxa_data: '2030-01-02',
}

const adult: RequestValues = {
  ...EMPTY_VALUES,
  turma_id: '7',
  passaporte_numero: 'fz123456',
  passaporte_validade: '01/01/2035',
  data_nascimento: '12/04/1990',
}
const pdf = new File(['%PDF-1.4'], 'passaporte.pdf', { type: 'application/pdf' })
const nomes = { passaporte: 'Passaporte', autorizacao_viagem: 'Autorização de viagem' }

describe('the request form (D28, SPEC §5)', () => {
  it('judges the underage rule on the departure day: 18 on the day is an adult', () => {
    expect(isMinorFor({ ...adult, data_nascimento: '11/07/2012' }, turma)).toBe(true)
    expect(isMinorFor({ ...adult, data_nascimento: '10/07/2012' }, turma)).toBe(false)
    expect(documentsFor({ ...adult, data_nascimento: '11/07/2012' }, turma)).toEqual(['passaporte', 'autorizacao_viagem'])
    expect(documentsFor(adult, turma)).toEqual(['passaporte'])
  })

  it('sends the JSON the server reads: ISO dates, no guardian for an adult, the documents in order', () => {
    expect(requestBody({ ...adult, responsavel_nome: 'Ana', responsavel_cpf: '123' }, turma)).toEqual({
      turma_id: 7,
      passaporte_numero: 'fz123456',
      passaporte_validade: '2035-01-01',
      data_nascimento: '1990-04-12',
      responsavel_nome: null,
      responsavel_cpf: null,
      documentos: ['passaporte'],
    })
  })

  it('accepts a complete adult request', () => {
    expect(validateRequest(adult, turma, { passaporte: pdf }, nomes)).toEqual({})
  })

  it('asks for the class, a passport valid after the return and each document’s file', () => {
    const errors = validateRequest({ ...adult, passaporte_validade: '31/07/2030' }, turma, {}, nomes)
    expect(errors.passaporte_validade).toBe('O passaporte precisa valer até depois da volta (31/07/2030).')
    expect(errors.passaporte).toBe('Escolha o arquivo: Passaporte.')
    expect(validateRequest({ ...adult, turma_id: '' }, undefined, { passaporte: pdf }, nomes).turma_id).toBe('Escolha uma turma.')
    expect(validateRequest({ ...adult, passaporte_numero: 'A 1' }, turma, { passaporte: pdf }, nomes).passaporte_numero).toBe(
      'Informe o número do passaporte: de 5 a 20 letras e números, sem espaços.',
    )
  })

  it('asks a minor for the guardian’s name, a valid CPF and the travel authorisation', () => {
    const minor = { ...adult, data_nascimento: '01/01/2014' }
    const errors = validateRequest(minor, turma, { passaporte: pdf }, nomes)
    expect(errors.responsavel_nome).toBe('Informe o nome do responsável: você terá menos de 18 anos na data da viagem.')
    expect(errors.responsavel_cpf).toBe('Informe o CPF do responsável: você terá menos de 18 anos na data da viagem.')
    expect(errors.autorizacao_viagem).toBe('Escolha o arquivo: Autorização de viagem.')
    expect(
      validateRequest({ ...minor, responsavel_nome: 'Maria', responsavel_cpf: '111.111.111-11' }, turma, {}, nomes).responsavel_cpf,
    ).toBe('CPF inválido')
    const ok = { ...minor, responsavel_nome: 'Maria Souza', responsavel_cpf: '529.982.247-25' }
    expect(validateRequest(ok, turma, { passaporte: pdf, autorizacao_viagem: pdf }, nomes)).toEqual({})
  })

  it('places the server’s 422 under its field and says a 409 above the form', () => {
    const unprocessable = new ApiError(422, 'x', {
      detail: [{ loc: ['body', 'knn_usa_request_in', 'passaporte_validade'], msg: 'O passaporte precisa valer até depois da volta.' }],
    })
    expect(sendFailure(unprocessable, ['passaporte'])).toEqual({ passaporte_validade: 'O passaporte precisa valer até depois da volta.' })
    expect(
      sendFailure(new ApiError(422, 'x', { detail: [{ loc: ['body', 'files'], msg: 'Envie também: Autorização.' }] }), ['passaporte']),
    ).toEqual({
      form: 'Envie também: Autorização.',
    })
    expect(
      sendFailure(new ApiError(409, 'Não há mais vagas nesta turma.', { detail: 'Não há mais vagas nesta turma.' }), ['passaporte']),
    ).toEqual({
      form: 'Não há mais vagas nesta turma.',
    })
    expect(sendFailure(new ApiError(415, 'Tipo de arquivo não aceito.', null), ['passaporte'])).toEqual({
      passaporte: 'Tipo de arquivo não aceito.',
    })
  })
})

describe('the request draft', () => {
  beforeEach(() => clearRequestDraft())

  it('is kept per account and programme, and starts from the profile’s birth date without one', () => {
    writeRequestDraft(5, 'orlando', adult)
    expect(readRequestDraft(5, 'orlando')).toEqual(adult)
    expect(readRequestDraft(6, 'orlando')).toBeNull()
    expect(readRequestDraft(5, 'london')).toBeNull()
    expect(initialValues(null, '2001-02-03').data_nascimento).toBe('03/02/2001')
    expect(initialValues(adult, '2001-02-03')).toBe(adult)
    clearRequestDraft()
    expect(readRequestDraft(5, 'orlando')).toBeNull()
  })
})
