import { defineEndpoint } from '../define.ts'
import { LoginForm, LoginResponse } from '../schemas/auth.ts'

/** Signing in (SPEC §3, D2, D9). */
export const authEndpoints = {
  loginAccessToken: defineEndpoint({
    method: 'POST',
    path: '/login/access-token/',
    service: 'portal',
    access: 'public',
    body: LoginForm,
    bodyEncoding: 'form',
    response: LoginResponse,
    errors: { byStatus: { 400: 'Usuário ou senha incorreta.' }, useDetail: true, fallback: 'Erro ao efetuar login' },
  }),
} as const
