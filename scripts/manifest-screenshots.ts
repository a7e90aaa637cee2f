/**
 * `npm run manifest:screenshots`: the pictures the install sheet shows (issue 40 item 10), taken
 * from the built app on the real server with the demo school: the dashboard of
 * aluno@example.com on a phone (narrow) and on a computer (wide), for each brand, into
 * public/screenshots/. Run it after a visual change to the dashboard (`npm run build` first)
 * and commit the files; the manifests name them with these sizes. JPEG, so the worker's
 * precache (js, css, html, svg, png…) leaves them out: they are for the install sheet only.
 */
import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'

export const SCREENSHOTS = [
  { form: 'narrow', width: 412, height: 892, scale: 2 },
  { form: 'wide', width: 1280, height: 800, scale: 1 },
] as const

const PORT = Number(process.env.SCREENSHOT_PORT ?? 8790)
const server = spawn(process.execPath, ['tests/e2e/serve.ts'], {
  env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
})
try {
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`http://localhost:${PORT}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    )
    if (ready) break
    if (tries > 300) throw new Error('the server did not start')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  mkdirSync('public/screenshots', { recursive: true })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  for (const brand of ['knn', 'phenom'] as const) {
    const origin = `http://${brand === 'phenom' ? 'phenom.' : ''}localhost:${PORT}`
    for (const shot of SCREENSHOTS) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        deviceScaleFactor: shot.scale,
        isMobile: shot.form === 'narrow',
        hasTouch: shot.form === 'narrow',
        locale: 'pt-BR',
        colorScheme: 'light',
        serviceWorkers: 'block',
      })
      const page = await context.newPage()
      await page.goto(`${origin}/login/main`)
      // The app has taken over the pre-rendered form (tests/e2e/fixtures.ts appStarted).
      await page.locator('#root:not([data-prerendered])').waitFor()
      await page.getByLabel(/^E-mail ou CPF\*?$/).fill('aluno@example.com')
      await page.getByLabel(/^Senha\*?$/).fill('demo1234')
      await page.getByRole('button', { name: 'Entrar' }).click()
      await page.waitForURL(/\/dashboard$/)
      await page.waitForLoadState('networkidle')
      // What a returning student sees: no first-visit tour, no offer docked at the bottom.
      await page.addStyleTag({ content: '.driver-popover, .driver-overlay, .pwa-dock { display: none !important; }' })
      await page.screenshot({ path: `public/screenshots/${brand}-${shot.form}.jpg`, type: 'jpeg', quality: 80 })
      await context.close()
    }
  }
  await browser.close()
} finally {
  server.kill('SIGTERM')
}
