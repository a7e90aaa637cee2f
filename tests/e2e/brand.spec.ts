import { expect, test } from '@playwright/test'
import { get } from 'node:http'
import { E2E_PORT } from '../../playwright.config.ts'

/** The server's own answer for a host name (Node's resolver does not know *.localhost). */
function getFromServer(path: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port: E2E_PORT, path, headers: { host, accept: 'text/html' } }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve(body))
    }).on('error', reject)
  })
}

test('a phenom hostname shows brand phenom with its own manifest, favicon and name (D5)', async ({ page, request }) => {
  await page.goto(`http://phenom.localhost:${E2E_PORT}/`)
  await expect(page).toHaveURL(/\/login\/main$/)
  const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim())
  expect(primary.toUpperCase()).toBe('#F70052')
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveAttribute('content', /#F70052/i)
  await expect(page.getByText('Phenom Idiomas')).toBeVisible()
  await expect(page).toHaveTitle(/Phenom/)
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(manifestHref).toContain('phenom')
  const favicon = await page.locator('link[rel="icon"]').getAttribute('href')
  expect(favicon).toContain('phenom')
  const manifest = await (await request.get(`http://localhost:${E2E_PORT}${manifestHref}`)).json()
  expect(manifest.name).toBe('Phenom Idiomas')
  expect(manifest.theme_color.toUpperCase()).toBe('#F70052')
  // Before any script runs, the page the server sends already names phenom's manifest.
  const html = await getFromServer('/login/main', `phenom.localhost:${E2E_PORT}`)
  expect(html).toContain('href="/manifest-phenom.webmanifest"')
})

test('the default host keeps brand knn and its manifest', async ({ page, request }) => {
  await page.goto('/login/main')
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(manifestHref).toContain('knn')
  const manifest = await (await request.get(manifestHref!)).json()
  expect(manifest.name).toBe('KNN Idiomas')
})
