import { defineEndpoint } from '../define.ts'
import { Financeiro } from '../schemas/financeiro.ts'

/** The student's instalments (D12). */
export const financeiroEndpoints = {
  financeiro: defineEndpoint({
    method: 'GET',
    path: '/at-home/financeiro/',
    service: 'portal',
    access: 'student',
    response: Financeiro,
    errors: { useDetail: true, fallback: 'Erro ao carregar o financeiro' },
  }),
} as const
