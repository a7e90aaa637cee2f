import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { authEndpoints } from '../../../contract/endpoints/auth.ts'

export interface RecoveryRequest {
  /** An e-mail, or the CPF when `isAccessCode`. */
  email: string
  isAccessCode: boolean
}

/** SPEC §7: POST /login/recover-password/ (query: email, isAccessCode). */
export function recoverPassword(request: RecoveryRequest) {
  return api.call(authEndpoints.recoverPassword, { query: { email: request.email, isAccessCode: request.isAccessCode } })
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword })
}
