import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import { findLoginCandidates, parseLoginIdentifier } from '../auth/accounts-repository.ts'
import * as booksRepo from './repository.ts'
import { forgetExpiredLoginAttempts, reserveLoginAttempt } from '../auth/login-failures-repository.ts'
import { contractRoute } from '../../http/contract-route.ts'
import { badRequest, HttpError, notFound } from '../../http/errors.ts'
import { tooManyAttempts } from '../auth/login-routes.ts'

/** Texts of the book-code login (SPEC §8 lists the client's; these say what to do next). */
export const BOOK_TEXTS = {
  notFound: 'Livro não encontrado. Confira o código impresso no livro.',
  claimed: 'Este livro já está vinculado a uma conta. Entre com seu e-mail e senha.',
  hasAccount: 'Você já tem uma conta. Entre com seu e-mail e senha e adicione este livro em Meu perfil.',
  userNotFound: 'Usuário não encontrado',
  alreadyMine: 'Este livro já está vinculado à sua conta.',
  taken: 'Este livro já está vinculado a outra conta.',
  unlinked: 'Livro desvinculado.',
} as const

function toUserBook(row: booksRepo.UserBookRow) {
  return { id: row.id, uuid: row.uuid, livro: row.livro, linked_at: row.linkedAt?.toISOString() ?? null }
}

export default async function bookRoutes(app: FastifyInstance) {
  /**
   * Book-code login (D8). The code alone never opens an account that has a password:
   * it logs in the owner of a copy the school gave them and they have not used yet (their
   * e-mail or CPF must match), or a provisional account that has no password yet; an empty
   * copy starts a provisional account for a new person. Limited like the password login.
   */
  contractRoute(app, contract.bookCodeLogin, async ({ body, request }) => {
    const identifier = parseLoginIdentifier(body.username)
    const reservation = await reserveLoginAttempt(app.db.orm, {
      identifier: identifier.email ?? identifier.cpf ?? body.username.trim().toLowerCase(),
      address: request.ip,
    })
    if (!reservation.granted) throw tooManyAttempts(reservation.scope, reservation.retryAfterSeconds)
    const refuse = async (detail: string): Promise<never> => {
      // The reserved attempt stays counted: guessing codes is limited like guessing passwords.
      await forgetExpiredLoginAttempts(app.db.orm)
      throw badRequest(detail)
    }

    const copy = await booksRepo.copyForLogin(app.db.orm, body.uuid)
    if (!copy) return refuse(BOOK_TEXTS.notFound)
    const candidates = await findLoginCandidates(app.db.orm, identifier)
    const chosenId = body.user_id === undefined ? undefined : Number(body.user_id)
    if (chosenId !== undefined && !candidates.some((account) => account.id === chosenId)) return refuse(BOOK_TEXTS.userNotFound)

    let userId: number
    if (copy.userId !== null) {
      const provisional = copy.ownerEmail === null && copy.ownerCpf === null
      const isOwner =
        provisional || (candidates.some((account) => account.id === copy.userId) && (chosenId === undefined || chosenId === copy.userId))
      const bookOpensAccount = copy.linkedAt === null || !copy.ownerHasPassword
      if (!isOwner || !bookOpensAccount) return refuse(BOOK_TEXTS.claimed)
      await booksRepo.markLinked(app.db.orm, copy.id, copy.userId)
      userId = copy.userId
    } else {
      // An empty copy proves nothing about an existing account (anyone may hold one).
      if (candidates.length > 0) return refuse(BOOK_TEXTS.hasAccount)
      const created = await booksRepo.createProvisionalAccount(app.db.orm, copy.id)
      if (created === null) return refuse(BOOK_TEXTS.claimed)
      userId = created
    }
    await reservation.succeeded()
    return { access_token: await app.auth.openSession(userId, request), token_type: 'bearer' as const }
  })

  contractRoute(app, contract.emptyBookCheck, async ({ params, caller }) => {
    const empty = await booksRepo.isCopyEmptyFor(app.db.orm, params.id, caller.id)
    if (empty === null) throw notFound(BOOK_TEXTS.notFound)
    return { empty }
  })

  contractRoute(app, contract.meusLivros, async ({ caller }) => {
    const rows = await booksRepo.forUser(app.db.orm, caller.id).atHomeBooks()
    return rows.map((row) => ({ livro: row.livro, turma_id: row.turmaId, turma_nome: row.turmaNome, somente_digital: row.somenteDigital }))
  })

  contractRoute(app, contract.userBooks, async ({ caller }) => {
    return (await booksRepo.forUser(app.db.orm, caller.id).books()).map(toUserBook)
  })

  contractRoute(app, contract.userBook, async ({ params, caller }) => {
    const book = await booksRepo.forUser(app.db.orm, caller.id).book(params.uuid)
    if (!book) throw notFound(BOOK_TEXTS.notFound)
    return toUserBook(book)
  })

  contractRoute(app, contract.addUserBook, async ({ body, caller }) => {
    const outcome = await booksRepo.forUser(app.db.orm, caller.id).add(body.uuid)
    switch (outcome.kind) {
      case 'added':
        return toUserBook(outcome.book)
      case 'unknown':
        throw notFound(BOOK_TEXTS.notFound)
      case 'mine':
        throw new HttpError(409, BOOK_TEXTS.alreadyMine)
      case 'taken':
        throw new HttpError(409, BOOK_TEXTS.taken)
    }
  })

  contractRoute(app, contract.unlinkBook, async ({ params, caller }) => {
    const unlinked = await booksRepo.forUser(app.db.orm, caller.id).unlink(params.id)
    if (!unlinked) throw notFound(BOOK_TEXTS.notFound)
    return { detail: BOOK_TEXTS.unlinked }
  })
}
