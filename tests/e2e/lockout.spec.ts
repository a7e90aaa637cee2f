// Lockouts only for the attacker (issue 36 item 5): the student logs in on the real
// login screen once, so her browser keeps the server's device cookie; a stranger then fails
// 200 logins for her account from 20 other loopback addresses. Her known device still logs
// her in at once; a browser the account never logged in on is refused like the stranger.
// On a server of its own: the account is locked for unknown devices for 15 minutes, which
// would break every other test that logs in as her on the shared server.
import http from 'node:http'
import { expect, test as base } from '@playwright/test'
import { login, mainNav, STUDENT } from './fixtures.ts'
import { startOwnServer } from './own-server.ts'

const test = base.extend<object, { lockoutServer: string }>({
  lockoutServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, provide) => {
      const server = await startOwnServer({})
      try {
        await provide(server.origin)
      } finally {
        await server.stop()
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ lockoutServer }, provide) => provide(lockoutServer),
})

/** One wrong login sent from the loopback address `from` (Linux routes all of 127/8 to lo). */
function strangerLogin(origin: string, from: string, password: string): Promise<number> {
  const body = new URLSearchParams({ username: STUDENT.username, password }).toString()
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: Number(new URL(origin).port),
        localAddress: from,
        method: 'POST',
        path: '/api/v1/login/access-token/',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      },
      (response) => response.resume().on('end', () => resolve(response.statusCode!)),
    )
    request.on('error', reject).end(body)
  })
}

test('after 200 failed logins by a stranger, the student logs in again on her own device at once', async ({
  page,
  browser,
  lockoutServer,
}) => {
  await login(page, STUDENT.username, STUDENT.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  // The device cookie: only the server reads it, only the login endpoints receive it.
  const device = (await page.context().cookies()).find((cookie) => cookie.name === 'portal_device')
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/login/' })

  await (await mainNav(page)).getByRole('button', { name: 'Sair' }).click()
  await expect(page).toHaveURL(/\/login\/main$/)

  // 10 wrong passwords from each of 127.0.0.2–21, 20 at a time.
  const statuses: number[] = []
  for (let round = 0; round < 10; round++) {
    statuses.push(
      ...(await Promise.all(
        Array.from({ length: 20 }, (_, a) => strangerLogin(lockoutServer, `127.0.0.${a + 2}`, `palpite-${round}-${a}`)),
      )),
    )
  }
  // The account's limit for unknown devices was reached: the stranger is refused.
  expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(0)
  expect(statuses.slice(-20)).toEqual(Array<number>(20).fill(429))

  // A browser that never logged in to this account is refused as well…
  const unknown = await browser.newContext({ baseURL: lockoutServer })
  try {
    const other = await unknown.newPage()
    await login(other, STUDENT.username, STUDENT.password)
    await expect(other.getByText(/Muitas tentativas de login com estes dados\. Aguarde \d+ minutos e tente novamente\./)).toBeVisible()
    await expect(other).toHaveURL(/\/login\/main$/)
  } finally {
    await unknown.close()
  }

  // …while her own device logs her in at once.
  await login(page, STUDENT.username, STUDENT.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ana')
})
