import { useMutation } from '@tanstack/react-query'
import { api } from '../../../api/api.ts'
import { contract } from '../../../api/contract.ts'

/** SPEC §7: POST /login/reset-password/ (query: token; body: new_password). */
export function resetPassword({ token, newPassword }: { token: string; newPassword: string }) {
  return api.call(contract.resetPassword, { query: { token }, body: { new_password: newPassword } })
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
