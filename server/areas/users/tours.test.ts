import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { contract } from '../../../src/contract/contract.ts'
import { users } from './schema.ts'
import { createAccount } from '../../test/accounts.ts'
import { bearer, jsonRequest, testAppForFile } from '../../test/app.ts'

const t = testAppForFile()

function post(payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject(jsonRequest('POST', '/api/v1/driver-tour/', payload, headers))
}

async function tourRecord(id: number) {
  const [row] = await t.db.orm.select({ driverTour: users.driverTour }).from(users).where(eq(users.id, id))
  return row!.driverTour
}

describe('POST /api/v1/driver-tour/', () => {
  it('answers 401 without a token', async () => {
    const account = await createAccount(t.app, t.db)
    const response = await post({ user_id: account.id, dashboard: true })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: 'Não autenticado' })
    expect(await tourRecord(account.id)).toEqual({})
  })

  it('records the route as seen and answers the updated user; later routes join the record', async () => {
    const account = await createAccount(t.app, t.db)
    const first = await post({ user_id: account.id, dashboard: true }, bearer(account.token))
    expect(first.statusCode, first.body).toBe(200)
    expect(v.is(contract.driverTour.response, first.json())).toBe(true)
    expect(first.json().driver_tour).toEqual({ dashboard: true })
    const second = await post({ user_id: account.id, 'pedagogico-list': true }, bearer(account.token))
    expect(second.json().driver_tour).toEqual({ dashboard: true, 'pedagogico-list': true })
    expect(await tourRecord(account.id)).toEqual({ dashboard: true, 'pedagogico-list': true })
    // Any device reads it from /users/me/.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: bearer(account.token) })
    expect(me.json().driver_tour).toEqual({ dashboard: true, 'pedagogico-list': true })
  })

  it('keeps both flags when two devices close two tours at the same time', async () => {
    const account = await createAccount(t.app, t.db)
    const answers = await Promise.all([
      post({ user_id: account.id, dashboard: true }, bearer(account.token)),
      post({ user_id: account.id, 'pedagogico-list': true }, bearer(account.token)),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
    expect(await tourRecord(account.id)).toEqual({ dashboard: true, 'pedagogico-list': true })
  })

  it("answers 404 for another user's id and leaves both records as they were", async () => {
    const account = await createAccount(t.app, t.db)
    const other = await createAccount(t.app, t.db)
    const response = await post({ user_id: other.id, dashboard: true }, bearer(account.token))
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: 'Usuário não encontrado' })
    expect(await tourRecord(other.id)).toEqual({})
    expect(await tourRecord(account.id)).toEqual({})
  })

  it('answers 422 in Portuguese for an unknown route, no route, two routes, false or a malformed id', async () => {
    const account = await createAccount(t.app, t.db)
    const auth = bearer(account.token)
    for (const body of [
      { user_id: account.id, financial: true },
      { user_id: account.id },
      { user_id: account.id, dashboard: true, 'pedagogico-list': true },
      { user_id: account.id, dashboard: false },
      { user_id: String(account.id), dashboard: true },
      { user_id: 1.5, dashboard: true },
    ]) {
      const response = await post(body, auth)
      expect(response.statusCode, JSON.stringify(body)).toBe(422)
      for (const issue of response.json().detail as { msg: string }[]) expect(issue.msg).not.toMatch(/expected|received|invalid/i)
    }
    expect(await tourRecord(account.id)).toEqual({})
  })
})
