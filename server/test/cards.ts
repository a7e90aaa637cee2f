import type { PagamentoCartaoIn } from '../../src/contract/schemas/pagamento.ts'

/** Numbers the sandbox gateway and the provider's stand-in approve (server/areas/payments/card.ts). */
export const MASTERCARD = '5555555555554444'
export const VISA = '4111111111111111'

/**
 * A card payment's body for the payment tests (D13): a Mastercard valid until next year,
 * paid at once; `overrides` for the case at hand (another number, CVV, instalments).
 */
export function testCard(overrides: Partial<PagamentoCartaoIn> = {}): PagamentoCartaoIn {
  return {
    titular: 'PESSOA DE TESTE',
    numero: MASTERCARD,
    validade_mes: 12,
    validade_ano: new Date().getFullYear() + 1,
    cvv: '739',
    parcelas: 1,
    ...overrides,
  }
}
