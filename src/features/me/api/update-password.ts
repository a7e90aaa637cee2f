import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { userEndpoints } from '../../../contract/endpoints/users.ts'

export interface PasswordChange {
  current_password: string
  new_password: string
}

/** Drive endpoint (SPEC §7): PUT /users/me/update-password/portal/. */
export function updatePassword(change: PasswordChange) {
  return api.call(userEndpoints.updatePasswordPortal, { body: change })
}

/** `onNewToken`: the change voided every older token; the session must keep this one. */
export function useUpdatePassword(onNewToken: (token: string) => void) {
  return useMutation({ mutationFn: updatePassword, onSuccess: (answer) => onNewToken(answer.access_token) })
}
