import { defineEndpoint } from './define.ts'
import { LoginForm, LoginResponse } from './schemas/auth.ts'
import { DetailMessage } from './schemas/common.ts'
import { ClientConfig } from './schemas/config.ts'
import { CurrentUser, UpdatePasswordBody } from './schemas/user.ts'

/**
 * Every endpoint of the portal and drive APIs, declared once (DESIGN.md "The contract is
 * the spine"). Paths, methods and error texts are SPEC §7–§8 verbatim (D1).
 */
export const contract = {
  config: defineEndpoint({
    method: 'GET',
    path: '/config/',
    service: 'portal',
    auth: false,
    response: ClientConfig,
    errors: { useDetail: false, fallback: 'Erro ao carregar configurações' },
  }),
  loginAccessToken: defineEndpoint({
    method: 'POST',
    path: '/login/access-token/',
    service: 'portal',
    auth: false,
    body: LoginForm,
    bodyEncoding: 'form',
    response: LoginResponse,
    errors: { byStatus: { 400: 'Usuário ou senha incorreta.' }, useDetail: true, fallback: 'Erro ao efetuar login' },
  }),
  usersMe: defineEndpoint({
    method: 'GET',
    path: '/users/me/',
    service: 'portal',
    auth: true,
    response: CurrentUser,
    errors: { useDetail: true, fallback: 'Erro ao carregar os dados do usuário' },
  }),
  updatePasswordPortal: defineEndpoint({
    method: 'PUT',
    path: '/users/me/update-password/portal/',
    service: 'drive',
    auth: true,
    body: UpdatePasswordBody,
    bodyEncoding: 'json',
    response: DetailMessage,
    errors: { useDetail: true, fallback: 'Erro ao atualizar' },
  }),
} as const

export type Contract = typeof contract
export type EndpointName = keyof Contract
