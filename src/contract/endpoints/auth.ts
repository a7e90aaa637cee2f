import { defineEndpoint } from '../define.ts'
import { LoginForm, LoginResponse, RecoverPasswordQuery, ResetPasswordBody, ResetPasswordQuery } from '../schemas/auth.ts'
import { DetailMessage } from '../schemas/common.ts'

/** Signing in (SPEC §3, D2, D9) and getting back in without the password (SPEC §2, §7, D10). */
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
  /** Sends a reset link; the answer is the same whether or not the e-mail has an account. */
  recoverPassword: defineEndpoint({
    method: 'POST',
    path: '/login/recover-password/',
    service: 'portal',
    access: 'public',
    query: RecoverPasswordQuery,
    response: DetailMessage,
    // SPEC §8: detail.message, detail, or the fixed text.
    errors: { useDetail: true, fallback: 'Erro ao solicitar recuperação de senha' },
  }),
  /** Sets the new password with the link's single-use token; every session ends. */
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/login/reset-password/',
    service: 'portal',
    access: 'public',
    query: ResetPasswordQuery,
    body: ResetPasswordBody,
    bodyEncoding: 'json',
    response: DetailMessage,
    // SPEC §8: one text for an unknown, used or expired link; the server's wording for limits.
    errors: { byStatus: { 400: 'Erro ao resetar senha' }, useDetail: true, fallback: 'Erro ao resetar senha' },
  }),
} as const
