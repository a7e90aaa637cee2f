import { defineEndpoint } from '../define.ts'
import { ClientConfig } from '../schemas/config.ts'

/** Run-time settings (D22). */
export const configEndpoints = {
  config: defineEndpoint({
    method: 'GET',
    path: '/config/',
    service: 'portal',
    access: 'public',
    response: ClientConfig,
    errors: { useDetail: false, fallback: 'Erro ao carregar configurações' },
  }),
} as const
