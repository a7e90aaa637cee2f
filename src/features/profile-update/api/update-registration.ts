import { api } from '../../../api/api.ts'
import { contract } from '../../../api/contract.ts'
import type { RegistrationUpdateInput } from '../../../api/schemas/registration.ts'

/** PUT /users/atualizacao-cadastral/ (SPEC §7): answers the updated user. */
export function updateRegistration(body: RegistrationUpdateInput) {
  return api.call(contract.updateRegistration, { body })
}
