import { expect, test } from '@playwright/test'

/**
 * The demo's /dev pages (issue 40 item 8): each names the brand's icon, which loads, and
 * nothing the page asks for is refused (no 404 for a /favicon.ico it never named).
 */
for (const path of ['/dev/outbox', '/dev/books', '/dev/login-origens', '/dev/campanha', '/dev/pix']) {
  test(`${path} loads with the brand's icon and no refused request`, async ({ page, request }) => {
    const refused: string[] = []
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`)
    })
    await page.goto(path)
    await expect(page.locator('main')).toBeVisible()
    const icon = await page.locator('link[rel="icon"]').getAttribute('href')
    expect(icon).toBe('/favicon-knn.svg')
    const answer = await request.get(icon!)
    expect(answer.status()).toBe(200)
    expect(answer.headers()['content-type']).toContain('image/svg+xml')
    await page.waitForLoadState('networkidle')
    expect(refused).toEqual([])
  })
}
