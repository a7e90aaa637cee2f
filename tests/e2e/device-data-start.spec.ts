import { expect, test } from '@playwright/test'
import { instalmentRows, seedSession } from './fixtures.ts'

/**
 * A screen's request does not wait for the device database (issue 37): on a first visit the
 * database's code and its opening took longer than the answer, and the screen's data came a
 * second later on a phone. The request goes out while the database loads, with the ETag the
 * device last stored (a hint kept beside the token); the answer is stored, then drawn.
 */

const DEXIE_CHUNK = /\/assets\/dexie-[^/]+\.js$/
const FINANCEIRO = /\/api\/v1\/at-home\/financeiro\/$/

test('the instalments are requested while the device database is still loading, and drawn once it has', async ({ page }) => {
  const seeding = await seedSession(page, 'ana')
  let releaseDatabase = () => {}
  const databaseHeld = new Promise<void>((resolve) => (releaseDatabase = resolve))
  let databaseServed = false
  await page.route(DEXIE_CHUNK, async (route) => {
    await databaseHeld
    databaseServed = true
    await route.continue()
  })

  const requested = page.waitForRequest(FINANCEIRO)
  await page.goto('/financial')
  await requested
  // The request went out while not one byte of the database's code had been served.
  expect(databaseServed).toBe(false)
  await expect(page.getByRole('heading', { level: 1, name: 'Financeiro' })).toBeVisible()
  await expect(instalmentRows(page)).toHaveCount(0)

  releaseDatabase()
  await expect(instalmentRows(page).first()).toBeVisible()
  await seeding.dispose()
})

test('a reload sends the ETag the device stored before its database has loaded; the unchanged answer (304) draws the stored instalments', async ({
  page,
}) => {
  const seeding = await seedSession(page, 'ana')
  await page.goto('/financial')
  await expect(instalmentRows(page).first()).toBeVisible()
  const rows = await instalmentRows(page).count()

  let releaseDatabase = () => {}
  const databaseHeld = new Promise<void>((resolve) => (releaseDatabase = resolve))
  await page.route(DEXIE_CHUNK, async (route) => {
    await databaseHeld
    await route.continue()
  })
  const answered = page.waitForResponse(FINANCEIRO)
  await page.reload()
  const answer = await answered
  expect(answer.request().headers()['if-none-match']).toMatch(/^(W\/)?"/)
  expect(answer.status()).toBe(304)

  releaseDatabase()
  await expect(instalmentRows(page)).toHaveCount(rows)
  await seeding.dispose()
})
