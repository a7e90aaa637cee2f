import { expect, test } from '@playwright/test'

/** The published API's page (issue 39 item 6): the viewer draws the contract's operations, under the app's CSP. */
test('GET /api/docs draws every area of the API from /api/openapi.json, with nothing refused by the CSP', async ({ page }) => {
  const refused: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text())
  })
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`)
  })
  await page.goto('/api/docs')
  await expect(page.getByRole('heading', { name: /Portal do aluno: API do portal e do drive/ })).toBeVisible()
  // One tag per area of the contract; the users' area shows its operations when opened.
  await expect(page.getByRole('link', { name: 'users', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'knnUsa', exact: true })).toBeVisible()
  // Nothing the viewer could not read in the document.
  await expect(page.getByRole('heading', { name: 'Warning' })).toHaveCount(0)
  await expect(page.getByText('/api/v1/users/me/', { exact: true }).first()).toBeVisible()
  expect(refused).toEqual([])
})
