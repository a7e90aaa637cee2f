import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { userEndpoints } from '../../../contract/endpoints/users.ts'

/** SPEC §7: GET /users/send-email-verification/ with the e-mail the screen shows. */
export function sendEmailVerification(email: string) {
  return api.call(userEndpoints.sendEmailVerification, { query: { email } })
}

export function useSendEmailVerification() {
  return useMutation({ mutationFn: sendEmailVerification })
}
