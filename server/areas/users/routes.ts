import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import type { CurrentUser } from '../../../src/contract/schemas/user.ts'
import { forUser, type UserProfile } from './repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { EMAIL_IN_USE_MESSAGE } from '../../../src/contract/schemas/registration.ts'
import { tourRouteOf } from '../../../src/contract/schemas/tour.ts'
import { HttpError, notFound, unauthorized } from '../../http/errors.ts'

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
    session: (userId: number, sessionId: string) => forUser(app.db.orm, userId).profileSession(sessionId),
  })

  /** The install prompt's outcome (SPEC §4); answers the updated user like every /users/ update (SPEC §7). */
  contractRoute(app, contract.updatePwa, async ({ caller, body }) => {
    if (!(await forUser(app.db.orm, caller.id).setPwaInstalled(body.pwa_installed))) throw unauthorized()
    return currentUser(caller.id)
  })

  /**
   * /me's contact details: the contract's schema checks each field (SPEC §5 texts, the
   * registration update's rules); e-mails stay unique logins. A new e-mail is not
   * confirmed (`email_verified` compares it with the proven one).
   */
  contractRoute(app, contract.updateProfile, async ({ caller, body }) => {
    const outcome = await forUser(app.db.orm, caller.id).updateProfile({
      fullName: body.full_name,
      email: body.email,
      phone: body.phone,
      cep: body.cep,
      street: body.street,
      streetNumber: body.street_number,
    })
    if (outcome === 'emailInUse') throw new HttpError(409, EMAIL_IN_USE_MESSAGE)
    if (outcome === 'missing') throw unauthorized()
    return currentUser(caller.id)
  })

  /**
   * A guided tour was closed (SPEC §2): its route joins the caller's tour record. The
   * body names the user (SPEC §7); anyone else's id is answered like an id that does not
   * exist (D7).
   */
  contractRoute(app, contract.driverTour, async ({ caller, body }) => {
    if (body.user_id !== caller.id) throw notFound('Usuário não encontrado')
    if (!(await forUser(app.db.orm, caller.id).markTourSeen(tourRouteOf(body)))) throw unauthorized()
    return currentUser(caller.id)
  })
}
