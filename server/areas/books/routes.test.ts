import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { contract } from '../../../src/contract/contract.ts'
import { driveUsers } from '../users/drive-users-schema.ts'
import { livroExemplares } from './copies-schema.ts'
import { users } from '../users/schema.ts'
import { DEMO_COMPANY } from '../../db/seed.ts'
import { createAccount, createBookCopy } from '../../test/accounts.ts'
import { bearer, demoToken, testAppForFile } from '../../test/app.ts'
import { BOOK_TEXTS } from './routes.ts'

const t = testAppForFile()

/** A client address of its own per call site, so the login limits of one test never reach another. */
const freshAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]! % 250}`

function bookLogin(fields: Record<string, string>, remoteAddress = freshAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/login/access-token/book-code/',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress,
  })
}

const newPerson = () => `pessoa-${randomBytes(5).toString('hex')}@example.com`

async function copyRow(id: number) {
  const [row] = await t.db.orm.select().from(livroExemplares).where(eq(livroExemplares.id, id))
  return row!
}

function call(method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload }) })
}

describe('POST /login/access-token/book-code/ (D8)', () => {
  it('logs an existing account in with the book the school gave it, and links the book', async () => {
    const owner = await createAccount(t.app, t.db)
    const copy = await createBookCopy(t.db, owner.id, { linked: false })

    const response = await bookLogin({ username: owner.email.toUpperCase(), uuid: copy.uuid.toUpperCase() })
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    expect(v.is(contract.bookCodeLogin.response, body)).toBe(true)
    expect(decodeJwt(body.access_token).sub).toBe(String(owner.id))
    const row = await copyRow(copy.id)
    expect(row.userId).toBe(owner.id)
    expect(row.linkedAt).toBeInstanceOf(Date)
    const books = (await call('GET', '/users/book/', body.access_token)).json()
    expect(books).toEqual([
      { id: copy.id, uuid: copy.uuid, livro: expect.objectContaining({ id: copy.livroId }), linked_at: row.linkedAt!.toISOString() },
    ])
  })

  it('gives a new person with an empty book a provisional account: no profile, no password, no drive_user', async () => {
    const copy = await createBookCopy(t.db, null)
    const response = await bookLogin({ username: newPerson(), uuid: copy.uuid })
    expect(response.statusCode, response.body).toBe(200)
    const token = response.json().access_token as string
    const userId = Number(decodeJwt(token).sub)

    const [account] = await t.db.orm.select().from(users).where(eq(users.id, userId))
    expect(account).toMatchObject({ role: 'student', email: null, cpf: null, fullName: null, passwordHash: null, updatedAt: null })
    expect(await t.db.orm.select().from(driveUsers).where(eq(driveUsers.userId, userId))).toEqual([])
    expect((await copyRow(copy.id)).userId).toBe(userId)

    const me = (await call('GET', '/users/me/', token)).json()
    expect(me).toMatchObject({ id: userId, drive_user: null, full_name: null })
    // Still "empty" for its own provisional account: the profile-creation flow applies (SPEC §2).
    expect((await call('GET', `/at-home/empty-book-check/${copy.uuid}/`, token)).json()).toEqual({ empty: true })
    // The book opens that account again while it has no password (another device, a lost token).
    const again = await bookLogin({ username: 'qualquer nome', uuid: copy.uuid })
    expect(again.statusCode).toBe(200)
    expect(decodeJwt(again.json().access_token).sub).toBe(String(userId))
  })

  it("after the profile is complete the provisional account joins the book's school and the book is no longer empty", async () => {
    const copy = await createBookCopy(t.db, null)
    const token = (await bookLogin({ username: newPerson(), uuid: copy.uuid })).json().access_token as string
    const email = newPerson()
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/atualizacao-cadastral/',
      headers: bearer(token),
      payload: {
        full_name: 'Joana Livro Novo',
        email,
        phone: '11987650000',
        cpf: '52998224725',
        birth_date: '1995-05-20',
        cep: '01310100',
        street: 'Avenida Paulista',
        street_number: '200',
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().drive_user.company).toMatchObject({ name: DEMO_COMPANY.name, escola_id: DEMO_COMPANY.escolaId })
    expect((await call('GET', `/at-home/empty-book-check/${copy.uuid}/`, token)).json()).toEqual({ empty: false })
    // Without a password yet, the book still opens it, now only with its own e-mail.
    expect((await bookLogin({ username: 'outra@example.com', uuid: copy.uuid })).json()).toEqual({ detail: BOOK_TEXTS.claimed })
    expect((await bookLogin({ username: email, uuid: copy.uuid })).statusCode).toBe(200)
  })

  it('refuses an unknown code with a clear Portuguese text', async () => {
    const response = await bookLogin({ username: newPerson(), uuid: randomUUID() })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'Livro não encontrado. Confira o código impresso no livro.' })
  })

  it('refuses a book already linked to an account with a password, whoever asks', async () => {
    const owner = await createAccount(t.app, t.db)
    await t.db.orm.update(users).set({ passwordHash: 'x' }).where(eq(users.id, owner.id))
    const copy = await createBookCopy(t.db, owner.id)
    for (const username of [owner.email, newPerson()]) {
      const response = await bookLogin({ username, uuid: copy.uuid })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: 'Este livro já está vinculado a uma conta. Entre com seu e-mail e senha.' })
    }
  })

  it('never opens an existing account with an empty book (anyone may hold one), and leaves the book empty', async () => {
    const owner = await createAccount(t.app, t.db)
    const copy = await createBookCopy(t.db, null)
    const response = await bookLogin({ username: owner.email, uuid: copy.uuid })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: BOOK_TEXTS.hasAccount })
    expect((await copyRow(copy.id)).userId).toBeNull()
  })

  it("refuses a school-given book with another person's e-mail", async () => {
    const [owner, other] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
    const copy = await createBookCopy(t.db, owner.id, { linked: false })
    const response = await bookLogin({ username: other.email, uuid: copy.uuid })
    expect(response.json()).toEqual({ detail: BOOK_TEXTS.claimed })
    expect((await copyRow(copy.id)).linkedAt).toBeNull()
  })

  it('answers "Usuário não encontrado" (SPEC §8) for a chosen account the username does not name', async () => {
    const owner = await createAccount(t.app, t.db)
    const copy = await createBookCopy(t.db, owner.id, { linked: false })
    const response = await bookLogin({ username: owner.email, user_id: String(owner.id + 100000), uuid: copy.uuid })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'Usuário não encontrado' })
  })

  it('answers 422 for a malformed code or a missing username', async () => {
    const bad = await bookLogin({ username: newPerson(), uuid: 'not-a-uuid' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().detail[0]).toMatchObject({ loc: ['body', 'uuid'], msg: 'Código do livro inválido' })
    expect((await bookLogin({ uuid: randomUUID() })).statusCode).toBe(422)
  })

  it('is limited like the password login: the 11th guess from one address with one username gets 429', async () => {
    const address = freshAddress()
    const username = newPerson()
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await bookLogin({ username, uuid: randomUUID() }, address)).statusCode).toBe(400)
    }
    const refused = await bookLogin({ username, uuid: randomUUID() }, address)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().detail).toMatch(/^Muitas tentativas de login com estes dados\. Aguarde \d+ minutos? e tente novamente\.$/)
  })

  it('gives one empty book to one of two people racing for it, leaving no account for the other', async () => {
    const copy = await createBookCopy(t.db, null)
    const before = (await t.db.orm.select({ id: users.id }).from(users)).length
    const answers = await Promise.all([
      bookLogin({ username: newPerson(), uuid: copy.uuid }),
      bookLogin({ username: newPerson(), uuid: copy.uuid }),
    ])
    const statuses = answers.map((answer) => answer.statusCode).sort()
    // The loser finds the book linked to a provisional account: the book opens it (no password yet), or it is refused.
    expect(statuses[0]).toBe(200)
    const owners = new Set(answers.filter((a) => a.statusCode === 200).map((a) => decodeJwt(a.json().access_token).sub))
    expect(owners.size).toBe(1)
    expect((await t.db.orm.select({ id: users.id }).from(users)).length).toBe(before + 1)
  })
})

describe('GET /at-home/empty-book-check/{id}/', () => {
  it('says whether a book is empty; an unknown one is 404', async () => {
    const me = await createAccount(t.app, t.db)
    const other = await createAccount(t.app, t.db)
    const empty = await createBookCopy(t.db, null)
    const theirs = await createBookCopy(t.db, other.id)
    expect((await call('GET', `/at-home/empty-book-check/${empty.uuid}/`, me.token)).json()).toEqual({ empty: true })
    expect((await call('GET', `/at-home/empty-book-check/${theirs.uuid}/`, me.token)).json()).toEqual({ empty: false })
    const unknown = await call('GET', `/at-home/empty-book-check/${randomUUID()}/`, me.token)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ detail: BOOK_TEXTS.notFound })
    expect((await call('GET', `/at-home/empty-book-check/123/`, me.token)).statusCode).toBe(422)
    expect((await call('GET', `/at-home/empty-book-check/${empty.uuid}/`)).statusCode).toBe(401)
  })
})

describe("the caller's books: GET/POST /users/book/, GET /users/book/{uuid}/, DELETE /users/unlink-book/{id}/", () => {
  it("lists only the caller's books, reads one by code, and another's is 404", async () => {
    const [me, other] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
    const mine = await createBookCopy(t.db, me.id)
    const theirs = await createBookCopy(t.db, other.id)
    const list = await call('GET', '/users/book/', me.token)
    expect(list.statusCode).toBe(200)
    expect(list.json().map((book: { uuid: string }) => book.uuid)).toEqual([mine.uuid])
    const one = await call('GET', `/users/book/${mine.uuid}/`, me.token)
    expect(one.json()).toMatchObject({ id: mine.id, uuid: mine.uuid, livro: { id: mine.livroId, nome: 'Livro de teste' } })
    for (const uuid of [theirs.uuid, randomUUID()]) {
      const response = await call('GET', `/users/book/${uuid}/`, me.token)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: BOOK_TEXTS.notFound })
    }
    expect((await call('GET', '/users/book/')).statusCode).toBe(401)
  })

  it("adds an empty book by its code, once; another's or an unknown code gets a clear text", async () => {
    const [me, other] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
    const empty = await createBookCopy(t.db, null)
    const added = await call('POST', '/users/book/', me.token, { uuid: empty.uuid.toUpperCase() })
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json()).toMatchObject({ id: empty.id, uuid: empty.uuid, linked_at: expect.any(String) })
    expect((await copyRow(empty.id)).userId).toBe(me.id)

    const twice = await call('POST', '/users/book/', me.token, { uuid: empty.uuid })
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toEqual({ detail: BOOK_TEXTS.alreadyMine })
    const taken = await call('POST', '/users/book/', other.token, { uuid: empty.uuid })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toEqual({ detail: BOOK_TEXTS.taken })
    expect((await copyRow(empty.id)).userId).toBe(me.id)
    const unknown = await call('POST', '/users/book/', me.token, { uuid: randomUUID() })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ detail: BOOK_TEXTS.notFound })
    expect((await call('POST', '/users/book/', me.token, { uuid: 'abc' })).statusCode).toBe(422)
    expect((await call('POST', '/users/book/', undefined, { uuid: empty.uuid })).statusCode).toBe(401)
  })

  it('links a book the school gave the caller', async () => {
    const me = await createAccount(t.app, t.db)
    const given = await createBookCopy(t.db, me.id, { linked: false })
    const added = await call('POST', '/users/book/', me.token, { uuid: given.uuid })
    expect(added.statusCode).toBe(200)
    expect((await copyRow(given.id)).linkedAt).toBeInstanceOf(Date)
  })

  it("unlinks the caller's book, which is empty again; another's stays theirs (404)", async () => {
    const [me, other] = await Promise.all([createAccount(t.app, t.db), createAccount(t.app, t.db)])
    const mine = await createBookCopy(t.db, me.id)
    const theirs = await createBookCopy(t.db, other.id)
    const foreign = await call('DELETE', `/users/unlink-book/${theirs.id}/`, me.token)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ detail: BOOK_TEXTS.notFound })
    expect((await copyRow(theirs.id)).userId).toBe(other.id)

    const unlinked = await call('DELETE', `/users/unlink-book/${mine.id}/`, me.token)
    expect(unlinked.statusCode).toBe(200)
    expect(unlinked.json()).toEqual({ detail: 'Livro desvinculado.' })
    expect(await copyRow(mine.id)).toMatchObject({ userId: null, linkedAt: null })
    expect((await call('DELETE', `/users/unlink-book/${mine.id}/`, me.token)).statusCode).toBe(404)
    expect((await call('DELETE', `/users/unlink-book/abc/`, me.token)).statusCode).toBe(422)
    expect((await call('DELETE', `/users/unlink-book/${mine.id}/`)).statusCode).toBe(401)
  })
})

describe('GET /at-home/meus-livros/', () => {
  it("lists the course book of each of the caller's classes", async () => {
    const token = await demoToken(t.app, 'ana')
    const response = await call('GET', '/at-home/meus-livros/', token)
    expect(response.statusCode).toBe(200)
    expect(v.is(contract.meusLivros.response, response.json())).toBe(true)
    expect(
      response.json().map((book: { livro: { nome: string }; somente_digital: boolean }) => [book.livro.nome, book.somente_digital]),
    ).toEqual([
      ['Espanhol Básico 1', false],
      ['Inglês Intermediário 2', false],
      ['KNN At Home — Inglês 1', true],
    ])
    const newcomer = await createAccount(t.app, t.db)
    expect((await call('GET', '/at-home/meus-livros/', newcomer.token)).json()).toEqual([])
    expect((await call('GET', '/at-home/meus-livros/', await demoToken(t.app, 'gestor'))).statusCode).toBe(403)
  })
})
