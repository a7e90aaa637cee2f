import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { CONSENT_MESSAGE, type IndicacoesPage } from '../../src/contract/schemas/club.ts'
import {
  appStarted,
  expectNoAxeViolations,
  field,
  MANAGER,
  serviceWorkerInControl,
  startSignedIn,
  STUDENT,
  withServiceWorker,
} from './fixtures.ts'

/**
 * The public referral page (issue 13, D25): a friend opens a student's link
 * (/indicacao/{code}), not logged in, and leaves a contact. The seed's Ana has the code
 * ANASOUZA and one lead already (Juliana Martins). The server allows 10 referrals per
 * address in 15 minutes: these tests send 4.
 */

const LINK = '/indicacao/ANASOUZA'
const REFERRAL_API = '/api/v1/transactions/credit/indicacao/'
const CONSENT = /^Aceito que a KNN Idiomas entre em contato comigo/

/** A fresh e-mail and mobile number per test (leads are unique by both). */
function newFriend(tag: string) {
  const n = Math.floor(Math.random() * 100_000_000)
  return {
    nome: `Amiga ${tag} da Ana`,
    telefone: `219${String(n).padStart(8, '0')}`,
    email: `amiga.${tag}.${n}@example.com`,
  }
}

/** The leads the school's staff sees (D31), read with the demo manager's login. */
async function leads(request: APIRequestContext) {
  const login = await request.post('/api/v1/login/access-token/', { form: { username: MANAGER.username, password: MANAGER.password } })
  const { access_token } = (await login.json()) as { access_token: string }
  const answer = await request.get('/api/v1/club/gestao/indicacoes/?limit=100', { headers: { authorization: `Bearer ${access_token}` } })
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as IndicacoesPage).items
}

/** Every request the page makes to the referral endpoint. */
function referralRequests(page: Page): string[] {
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith(REFERRAL_API)) sent.push(request.method())
  })
  return sent
}

async function openLink(page: Page, link = LINK) {
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Você foi indicado(a) para a KNN Idiomas' })).toBeVisible()
  // The form is typed into right after: the frame drawn before the app started is inert.
  await appStarted(page)
}

test.describe('the referral page', () => {
  test('a link opened cold draws the referral form of the host’s brand first, never the signed-in frame', async ({ page }) => {
    for (const [origin, brand] of [
      [`http://localhost:${E2E_PORT}`, 'KNN Idiomas'],
      [`http://phenom.localhost:${E2E_PORT}`, 'Phenom Idiomas'],
    ] as const) {
      // The page the server sends (the service worker sends the same file, src/contract/shell-file.ts).
      const shell = await (await page.goto(`${origin}${LINK}`))!.text()
      expect(shell).toContain('data-prerendered="indicacao"')
      expect(shell).toContain(`Você foi indicado(a) para a ${brand}`)
      expect(shell).not.toContain('Menu principal')
      await expect(page.getByRole('heading', { level: 1, name: `Você foi indicado(a) para a ${brand}` })).toBeVisible()
      await appStarted(page)
    }
  })

  test('a device whose student session expired stays on the referral page', async ({ page }) => {
    await startSignedIn(page, 'ana')
    // The kept user stays on the device; the token no longer opens a session (set before the
    // app starts, so no screen of the dashboard meets it first).
    await page.addInitScript(() => localStorage.setItem('token', 'um-token-que-expirou'))
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/v1/users/me/') && response.status() === 401)
    await openLink(page)
    await refused
    await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`${LINK}$`))
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  })

  test('a friend fills Ana’s link with the keyboard: the thank-you, and the lead the school sees', async ({ page, request }) => {
    const friend = newFriend('teclado')
    await openLink(page)
    // Public: nobody is logged in and the page stays; it does not say who sent the link.
    await expect(page).toHaveURL(new RegExp(`${LINK}$`))
    await expect(page.getByText(STUDENT.name)).toHaveCount(0)
    await expect(page.getByText(/\bAna\b/)).toHaveCount(0)
    await expectNoAxeViolations(page)

    await field(page, 'Nome completo').focus()
    await page.keyboard.type(friend.nome)
    await page.keyboard.press('Tab')
    await expect(field(page, 'Telefone com DDD')).toBeFocused()
    await page.keyboard.type(friend.telefone)
    await expect(field(page, 'Telefone com DDD')).toHaveValue(`(21) ${friend.telefone.slice(2, 7)}-${friend.telefone.slice(7)}`)
    await page.keyboard.press('Tab')
    await page.keyboard.type(friend.email.toUpperCase())
    await page.keyboard.press('Tab')
    await expect(page.getByRole('checkbox', { name: CONSENT })).toBeFocused()
    await page.keyboard.press('Space')
    await expect(page.getByRole('checkbox', { name: CONSENT })).toBeChecked()
    await page.keyboard.press('Enter')

    const thanks = page.getByRole('heading', { level: 2, name: 'Indicação enviada!' })
    await expect(thanks).toBeFocused()
    await expect(page.getByText('Obrigado. A escola vai entrar em contato com você em breve.')).toBeVisible()
    await expectNoAxeViolations(page)

    // The lead, as the school's staff sees it: Ana's, new, the phone as digits, the e-mail in lower case.
    const lead = (await leads(request)).find((item) => item.email === friend.email)
    expect(lead).toMatchObject({ nome: friend.nome, telefone: friend.telefone, status: 'novo', creditado: false })
    expect(lead?.indicado_por.nome).toBe(STUDENT.name)
  })

  test('a contact the school already has gets the duplicate answer, and no second lead', async ({ page, request }) => {
    const before = (await leads(request)).filter((item) => item.email === 'juliana.martins@example.com')
    expect(before).toHaveLength(1)
    await openLink(page)
    await field(page, 'Nome completo').fill('Juliana M.')
    await field(page, 'Telefone com DDD').fill(newFriend('dup').telefone)
    await field(page, 'E-mail').fill('juliana.martins@example.com')
    await page.getByRole('checkbox', { name: CONSENT }).check()
    await page.getByRole('button', { name: 'Enviar' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Você já foi indicado(a)' })).toBeFocused()
    await expect(page.getByText('A escola já tem o seu contato e vai falar com você. Obrigado!')).toBeVisible()
    expect((await leads(request)).filter((item) => item.email === 'juliana.martins@example.com')).toEqual(before)
  })

  test('invalid fields show SPEC §5’s messages before anything is sent; an unknown code is an invalid link', async ({ page }) => {
    const sent = referralRequests(page)
    await openLink(page)
    await page.getByRole('button', { name: 'Enviar' }).click()
    await expect(field(page, 'Nome completo')).toBeFocused()
    for (const name of ['Nome completo', 'Telefone com DDD', 'E-mail']) {
      await expect(field(page, name)).toHaveAccessibleDescription(/^Este campo é obrigatório/)
    }
    await expect(page.getByRole('checkbox', { name: CONSENT })).toHaveAccessibleDescription(CONSENT_MESSAGE)

    await field(page, 'Nome completo').fill('Maria Amiga')
    await field(page, 'Telefone com DDD').fill('219876')
    await field(page, 'E-mail').fill('maria@')
    await expect(field(page, 'Telefone com DDD')).toHaveAccessibleDescription(/^Formato inválido/)
    await expect(field(page, 'E-mail')).toHaveAccessibleDescription('Por favor, insira um e-mail válido')
    await page.getByRole('button', { name: 'Enviar' }).click()
    await expect(field(page, 'Telefone com DDD')).toBeFocused()
    expect(sent).toEqual([])
    await expectNoAxeViolations(page)

    // A code no student has: the server refuses it (422 on `codigo`), the page says the link is wrong.
    const friend = newFriend('codigo')
    await openLink(page, '/indicacao/NAOEXISTE')
    await field(page, 'Nome completo').fill(friend.nome)
    await field(page, 'Telefone com DDD').fill(friend.telefone)
    await field(page, 'E-mail').fill(friend.email)
    await page.getByRole('checkbox', { name: CONSENT }).check()
    await page.getByRole('button', { name: 'Enviar' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Link de indicação inválido' })).toBeFocused()
    await expect(page.getByText('Confira o link que você recebeu', { exact: false })).toBeVisible()
    expect(sent).toEqual(['POST'])
    // A code that cannot be one is answered at once, without asking.
    await openLink(page, '/indicacao/a!')
    await expect(page.getByRole('heading', { level: 2, name: 'Link de indicação inválido' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Enviar' })).toHaveCount(0)
    expect(sent).toEqual(['POST'])
  })

  withServiceWorker(() => {
    test('offline: sending waits for a connection, the draft survives a reload, then it is sent', async ({ page, context, request }) => {
      const friend = newFriend('offline')
      await openLink(page)
      await serviceWorkerInControl(page)
      await context.setOffline(true)
      await expect(
        page.getByText('Você está sem internet. Para enviar a indicação é preciso estar conectado', { exact: false }),
      ).toBeVisible()
      await expect(page.getByRole('button', { name: 'Enviar' })).toBeDisabled()
      await field(page, 'Nome completo').fill(friend.nome)
      await field(page, 'Telefone com DDD').fill(friend.telefone)
      await field(page, 'E-mail').fill(friend.email)

      // The page reloads with no connection (the service worker serves it) and keeps what was typed.
      await page.reload()
      await expect(page.getByRole('heading', { level: 1, name: 'Você foi indicado(a) para a KNN Idiomas' })).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`${LINK}$`))
      await expect(field(page, 'Nome completo')).toHaveValue(friend.nome)
      await expect(field(page, 'E-mail')).toHaveValue(friend.email)
      await expect(field(page, 'Telefone com DDD')).toHaveValue(/^\(21\) 9/)
      // The consent is given when sending, not kept.
      await expect(page.getByRole('checkbox', { name: CONSENT })).not.toBeChecked()

      await context.setOffline(false)
      await page.getByRole('checkbox', { name: CONSENT }).check()
      await page.getByRole('button', { name: 'Enviar' }).click()
      await expect(page.getByRole('heading', { level: 2, name: 'Indicação enviada!' })).toBeVisible()
      expect((await leads(request)).find((item) => item.email === friend.email)).toMatchObject({ nome: friend.nome, status: 'novo' })

      // Sent: the draft is gone.
      await page.reload()
      await expect(field(page, 'Nome completo')).toHaveValue('')
    })
  })
})
