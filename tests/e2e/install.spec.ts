import { expect, test } from '@playwright/test'
import { appStarted, expectNoAxeViolations, seedSession } from './fixtures.ts'

/**
 * The install sheet and the iPhone's install (issue 40 item 10): the manifests' shortcuts open
 * their screens and their screenshots load; on an iPhone, which has no install prompt,
 * "Instalar app" shows the steps through the share sheet.
 */

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

test.describe('on an iPhone', () => {
  test.use({ userAgent: IPHONE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('"Instalar app" shows how to add the portal to the home screen, by keyboard too, and "Agora não" hides it', async ({ page }) => {
    await page.goto('/login/main')
    await appStarted(page)
    const install = page.getByRole('button', { name: 'Instalar app' })
    await expect(install).toBeVisible()
    await expect(install).toHaveAttribute('aria-expanded', 'false')
    await install.focus()
    await page.keyboard.press('Enter')
    await expect(install).toHaveAttribute('aria-expanded', 'true')
    const steps = page.getByRole('region', { name: 'Para instalar no iPhone ou iPad' })
    await expect(steps).toBeVisible()
    await expect(steps.getByRole('listitem')).toHaveText([
      /Toque em Compartilhar/,
      'Escolha “Adicionar à Tela de Início”.',
      /Toque em “Adicionar”/,
    ])
    await expectNoAxeViolations(page)
    await page.keyboard.press('Enter')
    await expect(steps).toBeHidden()
    await page.getByRole('button', { name: 'Agora não' }).click()
    await expect(install).toHaveCount(0)
  })

  test("the install button comes with its words when the screens' texts arrive after its code", async ({ page }) => {
    // The login loads the screens' texts after its first screen; held back, they arrive last.
    await page.route('**/assets/screen-resources-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      await route.continue()
    })
    await page.goto('/login/main')
    await appStarted(page)
    await expect(page.getByRole('button', { name: 'Instalar app' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Agora não' })).toBeVisible()
  })
})

test('a desktop Chromium that offered no install shows no install action', async ({ page }) => {
  await page.goto('/login/main')
  await appStarted(page)
  await expect(page.getByRole('heading', { name: 'Portal do aluno' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Instalar app' })).toHaveCount(0)
})

for (const host of ['localhost', 'phenom.localhost']) {
  test(`the install sheet of ${host}: its screenshots load and its shortcuts open their screens`, async ({ page, baseURL }) => {
    const origin = baseURL!.replace('localhost', host)
    // Signed in on the brand's own host for every load below (Node's resolver does not know phenom.localhost).
    await seedSession(page, 'ana')
    await page.goto(`${origin}/dashboard`)
    const manifestUrl = host.startsWith('phenom') ? '/manifest-phenom.webmanifest' : '/manifest-knn.webmanifest'
    const { screenshots, shortcuts } = await page.evaluate(async (url) => {
      const manifest = (await (await fetch(url)).json()) as { screenshots: { src: string }[]; shortcuts: { name: string; url: string }[] }
      const answers = await Promise.all(manifest.screenshots.map((shot) => fetch(shot.src)))
      return {
        screenshots: answers.map((answer) => [answer.status, answer.headers.get('content-type')]),
        shortcuts: manifest.shortcuts,
      }
    }, manifestUrl)
    expect(screenshots).toEqual([
      [200, 'image/jpeg'],
      [200, 'image/jpeg'],
    ])
    const headings: Record<string, string> = {
      Financeiro: 'Financeiro',
      'Minhas turmas': 'Minhas turmas',
      'Envios pendentes': 'Envios pendentes',
    }
    for (const shortcut of shortcuts) {
      await page.goto(`${origin}${shortcut.url}`)
      await expect(page.getByRole('heading', { level: 1, name: headings[shortcut.name] })).toBeVisible()
    }
  })
}
