import { defineEndpoint } from '../define.ts'
import { DetailMessage } from '../schemas/common.ts'
import { ProfileUpdateBody, RegistrationUpdateBody } from '../schemas/registration.ts'
import { DriverTourBody } from '../schemas/tour.ts'
import {
  AccountExists,
  CheckEmailQuery,
  CheckExistsQuery,
  CurrentUser,
  EmailAvailability,
  PasswordUpdated,
  PwaInstalledBody,
  SendEmailVerificationQuery,
  UpdatePasswordBody,
  VerifyEmailBody,
} from '../schemas/user.ts'

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
   * The registration update of SPEC §4: `user` access like /users/me/, since the
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
  /**
   * /me "Meu perfil" (SPEC §7, §8 "Erro ao atualizar"): the caller's contact details;
   * answers the updated user. A changed e-mail is unconfirmed again.
   */
  updateProfile: defineEndpoint({
    method: 'PUT',
    path: '/users/profile/',
    service: 'portal',
    access: 'user',
    body: ProfileUpdateBody,
    bodyEncoding: 'json',
    response: CurrentUser,
    errors: { useDetail: true, fallback: 'Erro ao atualizar' },
  }),
  /**
   * A guided tour was closed (SPEC §2, §7): its route is recorded as seen in the caller's
   * tour record, on every device. `user_id` must be the caller's (else 404). Answers
   * the updated user.
   */
  driverTour: defineEndpoint({
    method: 'POST',
    path: '/driver-tour/',
    service: 'portal',
    access: 'user',
    body: DriverTourBody,
    bodyEncoding: 'json',
    response: CurrentUser,
    errors: { useDetail: true, fallback: 'Erro ao registrar o tour' },
  }),
  /** SPEC §8 "User by e-mail": is there an account with this e-mail or CPF? */
  checkExists: defineEndpoint({
    method: 'GET',
    path: '/users/check-exists/',
    service: 'portal',
    access: 'user',
    query: CheckExistsQuery,
    response: AccountExists,
    errors: { byStatus: { 400: 'Usuário não encontrado' }, useDetail: true, fallback: 'Erro ao buscar usuário atribuído ao email' },
  }),
  /** May the caller take this e-mail, no other account having it (registration update)? */
  checkEmail: defineEndpoint({
    method: 'GET',
    path: '/users/check-email/',
    service: 'portal',
    access: 'user',
    query: CheckEmailQuery,
    response: EmailAvailability,
    // SPEC §8 "User by e-mail" as the client reads any backend's answer (D1); ours answers
    // a taken e-mail with `available: false`, not an error.
    errors: { byStatus: { 400: 'Usuário não encontrado' }, useDetail: true, fallback: 'Erro ao buscar usuário atribuído ao email' },
  }),
  /** Sends the link that confirms the account's e-mail (SPEC §4). */
  sendEmailVerification: defineEndpoint({
    method: 'GET',
    path: '/users/send-email-verification/',
    service: 'portal',
    access: 'user',
    query: SendEmailVerificationQuery,
    response: DetailMessage,
    errors: { useDetail: true, fallback: 'Erro ao enviar o e-mail de confirmação' },
  }),
  /** The token of the link, sent after login (SPEC §4); the client then reloads the user. */
  verifyEmail: defineEndpoint({
    method: 'POST',
    path: '/users/verify-email/',
    service: 'portal',
    access: 'user',
    body: VerifyEmailBody,
    bodyEncoding: 'json',
    response: DetailMessage,
    errors: { useDetail: true, fallback: 'Erro ao confirmar o e-mail' },
  }),
} as const
