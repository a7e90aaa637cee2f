import { defineEndpoint } from '../define.ts'
import { RegistrationUpdateBody } from '../schemas/registration.ts'
import { CurrentUser, PasswordUpdated, PwaInstalledBody, UpdatePasswordBody } from '../schemas/user.ts'

/** The caller's own account, whatever the role (D7 `user` access). */
export const userEndpoints = {
  usersMe: defineEndpoint({
    method: 'GET',
    path: '/users/me/',
    service: 'portal',
    access: 'user',
    response: CurrentUser,
    errors: { useDetail: true, fallback: 'Erro ao carregar os dados do usuário' },
  }),
  updatePasswordPortal: defineEndpoint({
    method: 'PUT',
    path: '/users/me/update-password/portal/',
    service: 'drive',
    access: 'user',
    body: UpdatePasswordBody,
    bodyEncoding: 'json',
    response: PasswordUpdated,
    errors: { useDetail: true, fallback: 'Erro ao atualizar' },
  }),
  updatePwa: defineEndpoint({
    method: 'PUT',
    path: '/users/pwa/',
    service: 'portal',
    access: 'user',
    body: PwaInstalledBody,
    bodyEncoding: 'json',
    response: CurrentUser,
    errors: { useDetail: true, fallback: 'Erro ao atualizar' },
  }),
  /**
   * The registration update of SPEC §4 (P58): `user` access like /users/me/, since the
   * session asks any account whose registration is due, a manager included.
   */
  updateRegistration: defineEndpoint({
    method: 'PUT',
    path: '/users/atualizacao-cadastral/',
    service: 'portal',
    access: 'user',
    body: RegistrationUpdateBody,
    bodyEncoding: 'json',
    response: CurrentUser,
    errors: { useDetail: true, fallback: 'Erro ao atualizar' },
  }),
} as const
