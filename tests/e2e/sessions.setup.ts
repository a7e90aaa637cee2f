import { expect, test as setup } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config.ts'
import { login, SESSIONS } from './fixtures.ts'

/**
 * The stored sessions (issue 35): each demo account that many tests start signed in as logs
 * in once, through the real login screen, and its browser storage is kept for them
 * (`startSignedIn` in fixtures.ts). A test whose subject is the login, or that ends the
 * session, still logs in through the screen itself. Each is kept for both brands'
 * hosts, which the accessibility sweeps open.
 */
const BOTH_BRANDS = [`http://localhost:${E2E_PORT}`, `http://phenom.localhost:${E2E_PORT}`]

for (const account of Object.values(SESSIONS)) {
  setup(`stored session of ${account.username}`, async ({ page, context }) => {
    for (const origin of BOTH_BRANDS) {
      await login(page, account.username, account.password, origin)
      await expect(page).toHaveURL(/\/dashboard$/)
      // The signed-in user is kept on the device once the server answered it.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    }
    await context.storageState({ path: account.file })
  })
}
