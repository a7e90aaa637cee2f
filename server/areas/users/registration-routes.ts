import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import { guardianIssues, isMinorOn } from '../../../src/contract/registration.ts'
import { EMAIL_IN_USE_MESSAGE } from '../../../src/contract/schemas/registration.ts'
import { parseIsoDate } from '../../../src/contract/validation/age.ts'
import * as booksRepo from '../books/repository.ts'
import { forUser } from './repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { HttpError, unauthorized, validationFailed } from '../../http/errors.ts'
import { callerToday } from '../../http/tmz.ts'
import { toCurrentUser } from './routes.ts'

/**
 * PUT /users/atualizacao-cadastral/ (SPEC §4, §7): the contract's body schema checks every
 * field (CPF check digits, masks' digits, lengths, SPEC §5 texts); here the rule across
 * fields (a minor names a guardian, on the caller's day, D21) and the e-mail that must stay
 * unique. Answers the updated user, whose registration is then up to date.
 */
export default async function registrationRoutes(app: FastifyInstance) {
  contractRoute(app, contract.updateRegistration, async ({ caller, body, request }) => {
    const today = parseIsoDate(callerToday(request))!
    const issues = guardianIssues(body, today)
    if (issues.length > 0)
      throw validationFailed(issues.map(({ field, message }) => ({ loc: ['body', field], msg: message, type: 'missing' })))
    const minor = isMinorOn(body.birth_date, today)
    const users = forUser(app.db.orm, caller.id)
    const outcome = await users.updateRegistration({
      fullName: body.full_name,
      email: body.email,
      phone: body.phone,
      cpf: body.cpf,
      birthDate: body.birth_date,
      cep: body.cep,
      street: body.street,
      streetNumber: body.street_number,
      // An adult's guardian is not kept (data minimisation: it is asked only of minors).
      guardianName: minor ? body.guardian_name : null,
      guardianCpf: minor ? body.guardian_cpf : null,
    })
    if (outcome === 'emailInUse') throw new HttpError(409, EMAIL_IN_USE_MESSAGE)
    // A provisional book-code account completing its profile joins its book's school;
    // a no-op for everyone else. After the save: a failure here is retried by saving again.
    if (outcome === 'updated') await booksRepo.forUser(app.db.orm, caller.id).joinSchoolOfFirstBook()
    const profile = outcome === 'updated' ? await users.profile() : null
    // Deleted between the token check and now: the session is over.
    if (!profile) throw unauthorized()
    return toCurrentUser(profile)
  })
}
