import { api } from '../../../api/api.ts'
import { userEndpoints } from '../../../api/contract/users.ts'
import type { RegistrationUpdateInput } from '../../../api/schemas/registration.ts'

/** PUT /users/atualizacao-cadastral/ (SPEC §7): answers the updated user. */
export function updateRegistration(body: RegistrationUpdateInput) {
  return api.call(userEndpoints.updateRegistration, { body })
}
