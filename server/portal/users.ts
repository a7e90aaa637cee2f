import type { FastifyInstance } from 'fastify'
import { contract } from '../../src/api/contract.ts'
import type { CurrentUser } from '../../src/api/schemas/user.ts'
import { forUser, type UserProfile } from '../db/repositories/users.ts'
import { contractRoute } from '../http/contract-route.ts'
import { unauthorized } from '../http/errors.ts'

/** A stored profile in the contract's CurrentUser shape; instants as ISO-8601 UTC. */
export function toCurrentUser({ user, driveUser }: UserProfile): CurrentUser {
  return {
    id: user.id,
    role: user.role,
    full_name: user.fullName,
    email: user.email,
    cpf: user.cpf,
    phone: user.phone,
    cep: user.cep,
    street: user.street,
    street_number: user.streetNumber,
    birth_date: user.birthDate,
    guardian_name: user.guardianName,
    guardian_cpf: user.guardianCpf,
    updated_at: user.updatedAt?.toISOString() ?? null,
    is_club: user.isClub,
    drive_user: driveUser
      ? { id: driveUser.id, company: { id: driveUser.company.id, name: driveUser.company.name, escola_id: driveUser.company.escolaId } }
      : null,
    driver_tour: user.driverTour,
    pwa_installed: user.pwaInstalled,
    email_verified: user.email !== null && user.verifiedEmail === user.email,
  }
}

export default async function userRoutes(app: FastifyInstance) {
  async function currentUser(userId: number): Promise<CurrentUser> {
    const profile = await forUser(app.db.orm, userId).profile()
    // Deleted between the token check and now: the session is over.
    if (!profile) throw unauthorized()
    return toCurrentUser(profile)
  }

  // One query in all: the token check loads the profile it answers (issue 7).
  contractRoute(app, contract.usersMe, async ({ caller }) => toCurrentUser(caller.session), {
    session: (userId: number) => forUser(app.db.orm, userId).profileSession(),
  })

  /** The install prompt's outcome (SPEC §4); answers the updated user like every /users/ update (SPEC §7). */
  contractRoute(app, contract.updatePwa, async ({ caller, body }) => {
    if (!(await forUser(app.db.orm, caller.id).setPwaInstalled(body.pwa_installed))) throw unauthorized()
    return currentUser(caller.id)
  })
}
