import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { appStarted, bearer, expectNoAxeViolations, holdApi, login, mainNav, startSignedIn, tokenOf } from './fixtures.ts'

/**
 * Real sessions (issue 36 item 3): /me's "Aparelhos conectados" ends another browser's
 * session, which learns it at its next step; "Sair" offline wipes the device at once and the
 * server ends the session when the connection returns. Her own demo account: the tests end
 * sessions, never the stored ones others start from (tests/e2e/sessions.setup.ts).
 */
const LUANA = { username: 'sessoes@example.com', password: 'demo1234' }
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0'

interface Listed {
  id: string
  device: string
  current: boolean
}

async function sessionsSeenBy(request: APIRequestContext, token: string): Promise<Listed[]> {
  const response = await request.get('/api/v1/users/sessions/', { headers: bearer(token) })
  expect(response.status()).toBe(200)
  return (await response.json()) as Listed[]
}

/** The session id (`sid`) of the token the page keeps. */
async function sessionIdOf(page: Page): Promise<{ token: string; sid: string }> {
  const token = (await page.evaluate(() => localStorage.getItem('token')))!
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }
  return { token, sid: claims.sid }
}

/** A retry starts clean: the sessions an earlier attempt left are ended through the API. */
async function endEveryOtherSession(request: APIRequestContext): Promise<string> {
  const token = await tokenOf(request, LUANA.username, LUANA.password)
  expect((await request.post('/api/v1/users/sessions/revoke-others/', { headers: bearer(token) })).status()).toBe(200)
  return token
}

test.describe('sessions (issue 36 item 3)', () => {
  // One account: each test ends the sessions the other would be using.
  test.describe.configure({ mode: 'serial' })

  test('/me lists both browsers; "Encerrar" ends the other, whose next step says "Sua sessão foi encerrada" and shows the login', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000)
    const watcher = await endEveryOtherSession(request)
    await request.post('/api/v1/logout/', { headers: bearer(watcher) })

    await login(page, LUANA.username, LUANA.password)
    await expect(page).toHaveURL(/\/dashboard$/)
    const other = await browser.newContext({ baseURL, userAgent: FIREFOX_WINDOWS, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
    try {
      const otherPage = await other.newPage()
      await login(otherPage, LUANA.username, LUANA.password)
      await expect(otherPage).toHaveURL(/\/dashboard$/)

      await page.goto('/me')
      const card = page.getByRole('region', { name: 'Aparelhos conectados' })
      const devices = card.getByRole('list', { name: 'Aparelhos conectados' }).getByRole('listitem')
      await expect(devices).toHaveCount(2)
      await expect(devices.first()).toContainText('Chrome no Linux')
      await expect(devices.first()).toContainText('Este aparelho')
      await expect(devices.nth(1)).toContainText('Firefox no Windows')
      await expect(devices.nth(1)).not.toContainText('Este aparelho')
      await expect(card.getByRole('button', { name: 'Sair de todos os outros aparelhos' })).toBeVisible()
      await expectNoAxeViolations(page)

      await card.getByRole('button', { name: /^Encerrar a sessão de Firefox no Windows/ }).click()
      await expect(devices).toHaveCount(1)
      await expect(card).toContainText('Nenhum outro aparelho está conectado à sua conta.')

      // The other browser's next step: refused, wiped like a logout, back at the login with the reason.
      const nav = await mainNav(otherPage)
      await nav.getByRole('link', { name: 'Meu perfil' }).click()
      await expect(otherPage).toHaveURL(/\/login\/main$/)
      await expect(otherPage.getByText('Sua sessão foi encerrada. Entre novamente.')).toBeVisible()
      expect(await otherPage.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('portal-kept-user')])).toEqual([
        null,
        null,
      ])
    } finally {
      await other.close()
    }
  })

  test('"Sair" offline wipes the device at once; the server ends the session when the connection returns', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000)
    const watcher = await endEveryOtherSession(request)
    await login(page, LUANA.username, LUANA.password)
    await expect(page).toHaveURL(/\/dashboard$/)
    const { token, sid } = await sessionIdOf(page)
    expect((await sessionsSeenBy(request, watcher)).map((session) => session.id)).toContain(sid)

    const nav = await mainNav(page)
    await context.setOffline(true)
    await nav.getByRole('button', { name: 'Sair' }).click()
    // The wipe does not wait for the server: the login at once, nothing of the account kept.
    await expect(page).toHaveURL(/\/login\/main$/)
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible()
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('portal-kept-user')])).toEqual([null, null])
    // Not sent yet: the session is still live on the server, its logout waits on the device.
    expect((await sessionsSeenBy(request, watcher)).map((session) => session.id)).toContain(sid)
    expect(await page.evaluate(() => localStorage.getItem('portal-pending-logouts'))).toContain(token)

    await context.setOffline(false)
    await expect
      .poll(async () => (await sessionsSeenBy(request, watcher)).map((session) => session.id), { timeout: 20_000 })
      .not.toContain(sid)
    const refused = await request.get('/api/v1/users/me/', { headers: bearer(token) })
    expect(refused.status()).toBe(401)
    expect(await refused.json()).toEqual({ detail: 'Sua sessão foi encerrada' })
    await expect.poll(() => page.evaluate(() => localStorage.getItem('portal-pending-logouts'))).toBeNull()
  })
})

/**
 * The card's honest states, read-only on the shared stored session: its skeleton while
 * the list is on its way, the offline notice when the list never reached this device, and a
 * failed load's error whose retry brings the list.
 */
test('"Aparelhos conectados": skeleton while loading, offline when never loaded, an error with a retry that loads the list', async ({
  page,
  context,
}) => {
  const list = /\/api\/v1\/users\/sessions\/$/
  await holdApi(page, list)
  await startSignedIn(page, 'ana', '/me')
  const card = page.locator('.devices')
  await expect(card.getByRole('heading', { name: 'Aparelhos conectados' })).toBeVisible()
  await expect(card.getByRole('status')).toBeVisible()
  await expect(card.getByRole('button', { name: 'Sair de todos os outros aparelhos' })).toHaveCount(0)

  // The connection drops before the list arrived: the card says so instead of waiting forever.
  await context.setOffline(true)
  await expect(card.getByText('Sem conexão: os aparelhos conectados aparecem aqui quando a conexão voltar.')).toBeVisible()
  await context.setOffline(false)
  // Unrouting lets the held request go on; the reload below starts over anyway.
  await page.unroute(list)

  // Online, the server fails: an error with a retry, which loads the list.
  let failing = true
  await page.route(list, (route) =>
    failing
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Erro interno do servidor"}' })
      : route.continue(),
  )
  await page.reload()
  await appStarted(page)
  await expect(card.getByRole('alert')).toContainText('Erro interno do servidor')
  failing = false
  await card.getByRole('button', { name: 'Tentar de novo' }).click()
  await expect(card.getByText('Este aparelho')).toBeVisible()
  await expect(card.getByRole('alert')).toHaveCount(0)
  await expectNoAxeViolations(page)
})
