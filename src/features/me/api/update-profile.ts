import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { userEndpoints } from '../../../contract/endpoints/users.ts'
import type { ProfileUpdateInput } from '../../../contract/schemas/registration.ts'

/** PUT /users/profile/ (SPEC §7): answers the updated user; errors read "Erro ao atualizar" or the server's detail (SPEC §8). */
export function updateProfile(body: ProfileUpdateInput) {
  return api.call(userEndpoints.updateProfile, { body })
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile })
}
