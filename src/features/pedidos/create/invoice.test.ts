import { describe, expect, it } from 'vitest'
import { invoiceErrors } from './create-order.tsx'

/** The invoice data are checked on the device with the server's own schema. */
describe('invoiceErrors', () => {
  const fromProfile = {
    full_name: 'Renata Campos',
    cpf: '714.287.938-60',
    email: 'pedido@example.com',
    cep: '80010-000',
    street: 'Rua XV de Novembro',
    street_number: '700',
    complemento: '',
    bairro: '',
    cidade: '',
    uf: '',
  }

  it('names what the profile lacks (district, city, UF), and accepts the masked CPF and CEP', () => {
    expect(Object.keys(invoiceErrors(fromProfile)).sort()).toEqual(['bairro', 'cidade', 'uf'])
    expect(invoiceErrors({ ...fromProfile, bairro: 'Centro', cidade: 'Curitiba', uf: 'PR' })).toEqual({})
  })

  it('refuses a CPF whose check digits are wrong and a CEP of the wrong size, in Portuguese', () => {
    const errors = invoiceErrors({ ...fromProfile, cpf: '714.287.938-61', cep: '8001', bairro: 'Centro', cidade: 'Curitiba', uf: 'PR' })
    expect(Object.keys(errors).sort()).toEqual(['cep', 'cpf'])
    expect(errors.cep).toBe('O CEP deve ter 8 dígitos')
  })
})
