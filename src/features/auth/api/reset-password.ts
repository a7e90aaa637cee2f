import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { authEndpoints } from '../../../contract/endpoints/auth.ts'

/** SPEC §7: POST /login/reset-password/ (query: token; body: new_password). */
export function resetPassword({ token, newPassword }: { token: string; newPassword: string }) {
  return api.call(authEndpoints.resetPassword, { query: { token }, body: { new_password: newPassword } })
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
