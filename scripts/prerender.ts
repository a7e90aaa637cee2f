/**
 * Pre-renders each brand's shells after `vite build` (issue 7 item 2): dist/index.html with
 * the first screen already in <div id="root">, written as dist/shell-{login,app}-{brand}.html
 * (src/api/shell-file.ts). The markup comes from the real components
 * (scripts/prerender-shells.tsx, loaded through Vite's SSR loader), the head from
 * brandShellHtml (manifest, icons, title) plus the brand's colour tokens on <html>, so the
 * first paint has the brand's logo, colours and layout before any script runs.
 *
 * Runs inside `vite build` (vite.config.ts, before the service worker's precache list is
 * made, so the shells are precached); by hand: node scripts/prerender.ts [distDir]
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createServer } from 'vite'
import { brandShellHtml } from '../src/api/brand-host.ts'
import { SHELL_KINDS, shellFileName, type ShellKind } from '../src/api/shell-file.ts'
import { BRANDS, brandCssVariables, type Brand } from '../src/app/brand.ts'
import { DASHBOARD_ROUTE_FILES, LOGIN_ROUTE_FILES, readManifest, routeFiles, SIGNED_IN_AWAITED, type Manifest } from './vite-manifest.ts'

type RenderShell = (kind: ShellKind, brand: Brand) => Promise<string>

const ROOT_PATTERN = /<div id="root">[\s\S]*?<\/div>\s*(?=<noscript>)/

/**
 * Until React takes over, texts the shell cannot know (the student's name, the greeting of
 * the hour) keep their box but show as skeleton bars; main.tsx drops data-prerendered.
 */
const PLACEHOLDER_CSS =
  '#root[data-prerendered] :is(.welcome__title,.welcome__school,.top-bar__user){color:transparent;background:var(--color-skeleton,#e6e4ec);border-radius:4px}' +
  '#root[data-prerendered] .avatar{visibility:hidden}'

/**
 * The first screen's route chunks and their stylesheets, linked from the head: the browser
 * fetches them in parallel with the entry instead of after it, and the pre-rendered cards
 * have their styles before any script runs. Files the shell already links are skipped.
 */
function routeLinks(manifest: Manifest, kind: ShellKind, indexHtml: string): string {
  const { js, css } =
    kind === 'login' ? routeFiles(manifest, LOGIN_ROUTE_FILES) : routeFiles(manifest, DASHBOARD_ROUTE_FILES, SIGNED_IN_AWAITED)
  const missing = (file: string) => !indexHtml.includes(`/${file}"`)
  return [
    ...js.filter(missing).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...css.filter(missing).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ]
    .map((link) => `    ${link}\n`)
    .join('')
}

export function shellHtml(indexHtml: string, brand: Brand, kind: ShellKind, markup: string, links = ''): string {
  if (!ROOT_PATTERN.test(indexHtml)) throw new Error('index.html has no <div id="root"> before <noscript>')
  const style = Object.entries(brandCssVariables(brand))
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ')
  const html = brandShellHtml(indexHtml, brand.id)
    .replace('<html lang="pt-BR">', `<html lang="pt-BR" data-brand="${brand.id}" style="${style}">`)
    .replace('  </head>', () => `${links}    <style>${PLACEHOLDER_CSS}</style>\n  </head>`)
  // inert: nothing typed into the pre-rendered form is lost when React replaces it (main.tsx
  // lifts it). A function replacement: `$` in the markup is text, not a pattern.
  return html.replace(ROOT_PATTERN, () => `<div id="root" data-prerendered="${kind}" inert>${markup}</div>\n    `)
}

/** The build has no browser storage: components read first-visit defaults (drawer expanded). */
function firstVisitStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  }
}

export async function prerenderShells(distDir: string): Promise<void> {
  globalThis.localStorage ??= firstVisitStorage()
  const indexHtml = await readFile(path.join(distDir, 'index.html'), 'utf8')
  const manifest = readManifest(distDir)
  const vite = await createServer({ server: { middlewareMode: true, hmr: false, watch: null }, appType: 'custom', logLevel: 'error' })
  try {
    const { renderShell } = (await vite.ssrLoadModule('/scripts/prerender-shells.tsx')) as { renderShell: RenderShell }
    for (const brand of Object.values(BRANDS)) {
      for (const kind of SHELL_KINDS) {
        const file = shellFileName(kind, brand.id)
        await writeFile(
          path.join(distDir, file),
          shellHtml(indexHtml, brand, kind, await renderShell(kind, brand), routeLinks(manifest, kind, indexHtml)),
        )
        console.log(`pre-rendered ${path.relative(process.cwd(), path.join(distDir, file))}`)
      }
    }
  } finally {
    await vite.close()
  }
}

if (import.meta.main) await prerenderShells(path.resolve(process.argv[2] ?? 'dist'))
