import { api } from '../../../lib/api.ts'
import { userEndpoints } from '../../../contract/endpoints/users.ts'
import type { RegistrationUpdateInput } from '../../../contract/schemas/registration.ts'

/** PUT /users/atualizacao-cadastral/ (SPEC §7): answers the updated user. */
export function updateRegistration(body: RegistrationUpdateInput) {
  return api.call(userEndpoints.updateRegistration, { body })
}
