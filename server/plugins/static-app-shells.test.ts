import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCREEN_SHELL_PATHS, SHELL_KINDS, shellFileName } from '../../src/contract/shell-file.ts'
import { createTestApp, type TestApp } from '../test/app.ts'

/** Issue 7 item 2: each page request gets the shell pre-rendered for its brand and first screen. */
describe('pre-rendered shells (STATIC_DIR)', () => {
  let staticDir: string
  let t: TestApp
  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'portal-shells-'))
    await writeFile(path.join(staticDir, 'index.html'), '<title>index</title>')
    for (const brand of ['knn', 'phenom'] as const) {
      for (const kind of SHELL_KINDS) await writeFile(path.join(staticDir, shellFileName(kind, brand)), `<title>${kind} ${brand}</title>`)
      for (const screen of SCREEN_SHELL_PATHS)
        await writeFile(path.join(staticDir, shellFileName('app', brand, screen)), `<title>app ${screen} ${brand}</title>`)
    }
    t = await createTestApp({ staticDir })
  })
  afterAll(async () => {
    await t.close()
    await rm(staticDir, { recursive: true, force: true })
  })

  const page = (url: string, host = 'localhost:8080') => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', host } })

  it('answers /login paths with the login screen and every other page with the signed-in frame, per brand', async () => {
    const cases = [
      ['/login/main', 'localhost', 'login knn'],
      ['/login', 'localhost', 'login knn'],
      ['/login/main?next=%2Fme', 'phenom.localhost', 'login phenom'],
      ['/', 'localhost', 'app knn'],
      ['/dashboard', 'phenom.localhost', 'app phenom'],
      ['/pedagogico/notas/12', 'localhost', 'app knn'],
      // The tab bar's areas have shells of their own; a page under one does not.
      ['/financial', 'phenom.localhost', 'app /financial phenom'],
      ['/pedagogico/list/', 'localhost', 'app /pedagogico/list knn'],
      ['/financial/pagar/3', 'localhost', 'app knn'],
      ['/loginx', 'localhost', 'app knn'],
    ] as const
    for (const [url, host, title] of cases) {
      const answer = await page(url, host)
      expect(answer.statusCode, url).toBe(200)
      expect(answer.body, `${host}${url}`).toBe(`<title>${title}</title>`)
      expect(answer.headers['cache-control']).toBe('no-cache')
    }
  })
})
