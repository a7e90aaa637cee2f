import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from '../auth/password.ts'
import { users } from './schema.ts'
import { DEMO_PASSWORD } from '../../db/seed.ts'
import { bearer, createTestApp, loginRequest, loginToken, testAppForFile } from '../../test/app.ts'

const t = testAppForFile()

const URL = '/drive/api/v1/users/me/update-password/portal/'

function updatePassword(token: string | null, body: unknown) {
  return t.app.inject({ method: 'PUT', url: URL, headers: token ? bearer(token) : {}, payload: body as object })
}

describe('PUT {drive}/users/me/update-password/portal/', () => {
  it('is a compare-and-set: of two concurrent changes one wins, the other answers 409 (issue 8 F8)', async () => {
    const email = `cas-${randomBytes(4).toString('hex')}@example.com`
    const [user] = await t.db.orm
      .insert(users)
      .values({ email, passwordHash: await hashPassword('senha-inicial-1') })
      .returning({ id: users.id, tokenVersion: users.tokenVersion })
    const token = await loginToken(t.app, email, 'senha-inicial-1')
    const answers = await Promise.all(
      ['primeira-nova-1', 'segunda-nova-2'].map((newPassword) =>
        updatePassword(token, { current_password: 'senha-inicial-1', new_password: newPassword }),
      ),
    )
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const lost = answers.find((answer) => answer.statusCode === 409)!
    expect(lost.json()).toEqual({ detail: 'A senha já foi alterada por outra solicitação. Entre novamente com a nova senha.' })

    // The database holds the winner's password, and the token version moved on once.
    const winner = answers[0]!.statusCode === 200 ? 'primeira-nova-1' : 'segunda-nova-2'
    const [row] = await t.db.orm.select().from(users).where(eq(users.id, user!.id))
    expect(await verifyPassword(row!.passwordHash, winner)).toBe(true)
    expect(row!.tokenVersion).toBe(user!.tokenVersion + 1)
  })

  it('changes the password: the old one stops working and the new one works', async () => {
    const token = await loginToken(t.app, 'gestor@example.com', DEMO_PASSWORD)
    const otherDevice = await loginToken(t.app, 'gestor@example.com', DEMO_PASSWORD)
    const response = await updatePassword(token, { current_password: DEMO_PASSWORD, new_password: 'nova-senha-segura' })
    expect(response.statusCode).toBe(200)
    const body = response.json() as { detail: string; access_token: string; token_type: string }
    expect(body.detail).toBe('Senha atualizada com sucesso.')
    expect(body.token_type).toBe('bearer')

    // Every session from before the change ends (a lost phone is logged out); this one goes on.
    const me = (bearerToken: string) => t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: bearer(bearerToken) })
    expect((await me(token)).statusCode).toBe(401)
    expect((await me(otherDevice)).statusCode).toBe(401)
    expect((await me(body.access_token)).statusCode).toBe(200)

    const old = await t.app.inject(loginRequest({ username: 'gestor@example.com', password: DEMO_PASSWORD }))
    expect(old.statusCode).toBe(400)
    expect(await loginToken(t.app, 'gestor@example.com', 'nova-senha-segura')).toBeTruthy()
  })

  it('answers 400 "Senha atual incorreta." for a wrong current password and keeps the old one', async () => {
    const token = await loginToken(t.app, 'aluno@example.com', DEMO_PASSWORD)
    const response = await updatePassword(token, { current_password: 'nao-e-esta', new_password: 'outra-senha-123' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'Senha atual incorreta.' })
    expect(await loginToken(t.app, 'aluno@example.com', DEMO_PASSWORD)).toBeTruthy()
  })

  it('answers 400 when the new password is the current one', async () => {
    const token = await loginToken(t.app, 'aluno@example.com', DEMO_PASSWORD)
    const response = await updatePassword(token, { current_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'A nova senha deve ser diferente da senha atual.' })
  })

  it('answers 422 with the rule for a too short new password', async () => {
    const token = await loginToken(t.app, 'aluno@example.com', DEMO_PASSWORD)
    const response = await updatePassword(token, { current_password: DEMO_PASSWORD, new_password: 'curta' })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toEqual({
      detail: [{ loc: ['body', 'new_password'], msg: 'Você deve inserir no mínimo 8 caracteres', type: 'min_length' }],
    })
  })

  it('answers 401 without a token, before looking at the body', async () => {
    const response = await updatePassword(null, { current_password: DEMO_PASSWORD, new_password: 'qualquer-coisa' })
    expect(response.statusCode).toBe(401)
    expect(response.headers['www-authenticate']).toBe('Bearer')
  })

  it('is mounted under DRIVE_BASE_PATH, not under the portal', async () => {
    const token = await loginToken(t.app, 'aluno@example.com', DEMO_PASSWORD)
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/update-password/portal/',
      headers: bearer(token),
      payload: { current_password: DEMO_PASSWORD, new_password: 'nova-senha-segura' },
    })
    expect(response.statusCode).toBe(404)
  })
})

describe('a custom DRIVE_BASE_PATH', () => {
  it('moves the drive API and the config endpoint reports it', async () => {
    const custom = await createTestApp({ driveBasePath: '/billing/v2' })
    try {
      const token = await loginToken(custom.app, 'aluno@example.com', DEMO_PASSWORD)
      const moved = await custom.app.inject({
        method: 'PUT',
        url: '/billing/v2/users/me/update-password/portal/',
        headers: bearer(token),
        payload: { current_password: 'wrong', new_password: 'nova-senha-segura' },
      })
      expect(moved.json()).toEqual({ detail: 'Senha atual incorreta.' })
      expect((await custom.app.inject({ method: 'GET', url: '/api/v1/config/' })).json().drive_base_url).toBe('/billing/v2')
    } finally {
      await custom.close()
    }
  })
})
