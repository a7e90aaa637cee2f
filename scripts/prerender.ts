/**
 * Pre-renders each brand's shells after `vite build` (issue 7 item 2): dist/index.html with
 * the first screen already in <div id="root">, written as dist/shell-{login,app}-{brand}.html
 * (src/contract/shell-file.ts). The markup comes from the real components
 * (scripts/prerender-shells.tsx, loaded through Vite's SSR loader), the head from
 * brandShellHtml (manifest, icons, title) plus the brand's colour tokens on <html> and the
 * first screen's stylesheets inlined, so the first paint has the brand's logo, colours and
 * layout before any script runs; the app's scripts start after it (`shellHead`).
 *
 * Runs inside `vite build` (vite.config.ts, before the service worker's precache list is
 * made, so the shells are precached); by hand: node scripts/prerender.ts [distDir]
 */
import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createServer } from 'vite'
import { brandShellHtml } from '../src/contract/brand-host.ts'
import { SHELL_HEAD_SCRIPT } from '../src/contract/shell-head-script.ts'
import {
  SCREEN_SHELL_PATHS,
  SHELL_EARLY_NAV_CLASS,
  SHELL_KINDS,
  SHELL_OTHER_SCREEN_CLASS,
  SHELL_SCREEN_ATTRIBUTE,
  shellFileName,
  type ScreenShellPath,
  type ShellKind,
} from '../src/contract/shell-file.ts'
import { BRANDS, brandCssVariables, type Brand } from '../src/app/brand.ts'
import { ROUTE_BUDGETS } from './check-bundle-budget.ts'
import {
  DASHBOARD_ROUTE_FILES,
  REFERRAL_ROUTE_FILES,
  LOGIN_ROUTE_FILES,
  readManifest,
  routeFiles,
  SIGNED_IN_AWAITED,
  type Manifest,
} from './vite-manifest.ts'

type RenderShell = (kind: ShellKind, brand: Brand, screen?: ScreenShellPath | null) => Promise<string>

const ROOT_PATTERN = /<div id="root">[\s\S]*?<\/div>\s*(?=<noscript>)/

/**
 * Until React takes over, texts the shell cannot know (the student's name, the greeting of
 * the hour) keep their box but show as skeleton bars; main.tsx drops data-prerendered.
 */
const PLACEHOLDER_CSS =
  '#root[data-prerendered] :is(.welcome__title,.welcome__school,.top-bar__user){color:transparent;background:var(--color-skeleton,#e6e4ec);border-radius:4px}' +
  '#root[data-prerendered] .avatar{visibility:hidden}' +
  // The app shell draws the dashboard; on another screen only its frame shows, with
  // no entry marked as the current one ("Início" is not that screen): React marks the right one.
  `html.${SHELL_OTHER_SCREEN_CLASS} #root[data-prerendered="app"] #main>*{visibility:hidden}` +
  `html.${SHELL_OTHER_SCREEN_CLASS} #root[data-prerendered="app"] .drawer__item--active{background:transparent;color:var(--color-text);font-weight:inherit}` +
  `html.${SHELL_OTHER_SCREEN_CLASS} #root[data-prerendered="app"] .tab-bar__item--active{color:var(--color-muted);font-weight:inherit}` +
  `html.${SHELL_OTHER_SCREEN_CLASS} #root[data-prerendered="app"] .tab-bar__item--active .nav-icon{background:transparent}` +
  // A link tapped before the app started (SHELL_EARLY_INPUT_SCRIPT): its entry is the current
  // one at once and the dashboard's content goes, its screen is on its way (issue 37).
  `html.${SHELL_EARLY_NAV_CLASS} #root[data-prerendered="app"] #main>*{visibility:hidden}` +
  // The login screen's links wait for the app: it reads the landing page's parameters and
  // moves focus on its own navigation (seen in CI); its form answers before.
  '#root[data-prerendered="login"] a{pointer-events:none}'

/** The tags Vite writes into index.html's head for the entry: its script, its imports' preloads, its stylesheet. */
const ENTRY_TAGS = /\s*<(?:script type="module"[^>]*><\/script>|link rel="(?:modulepreload|stylesheet)"[^>]*>)/g
const ENTRY_SCRIPT = /<script type="module" crossorigin src="\/([^"]+)"><\/script>/

/** What a shell's head gets in place of Vite's tags (see `shellHead`). */
export interface ShellAssets {
  /** The first screen's stylesheets (the entry's and its route chunks'), inlined. */
  css: { file: string; text: string }[]
  /** The script that starts the app once the shell has painted, under dist/. */
  startFile: string
  /** A data screen's first and largest files (the entry, the runtime, the initial chunk), fetched as the document arrives; none elsewhere. */
  early: string[]
}

/**
 * The element right after the pre-rendered #root. A slow phone's parser yields, or the HTML
 * arrives in two packets, and Chrome paints what it has: the login card's header alone,
 * centred, then the whole card, moved (CLS 0.03–0.08 in most loads at a low-tier phone's
 * CPU). `<link rel="expect" blocking="render">` holds the first paint until this element is
 * parsed, so the first screen is drawn whole; the 2–3 KB of markup cost nothing to wait
 * for. The marker follows #root because Chrome unblocks on an element's start tag.
 */
export const SHELL_END_ID = 'shell-end'

/**
 * The head of a pre-rendered shell (issue 7 items 2 and 3). The first paint waits on no
 * request and on no script: the first screen's stylesheets are inlined, and the app's
 * scripts start only after that paint (`startScript`), so neither their download (cold, on
 * a slow line) nor their parsing (offline, where the service worker hands them over at once
 * and a slow phone's CPU is the limit) can hold it back. A data screen's largest files only
 * download meanwhile, at low priority (`EARLY_FILES`).
 * The inlined files are also linked `disabled` (never fetched, never applied): Vite's
 * preload helper looks for a route's stylesheet among the page's links before fetching it.
 */
function shellHead({ css, startFile, early }: ShellAssets): string {
  return [
    `<link rel="expect" href="#${SHELL_END_ID}" blocking="render">`,
    `<script>${SHELL_HEAD_SCRIPT}</script>`,
    `<style>${css.map(({ text }) => text).join('\n')}${PLACEHOLDER_CSS}</style>`,
    ...css.map(({ file }) => `<link rel="stylesheet" href="/${file}" disabled>`),
    `<script type="module" src="/${startFile}"></script>`,
    // At low priority: behind anything the first paint waits for.
    ...early.map((file) => `<link rel="modulepreload" href="/${file}" crossorigin fetchpriority="low">`),
  ]
    .map((tag) => `    ${tag}\n`)
    .join('')
}

/**
 * Modulepreload links the start script adds per task. A link costs 1.5–2 ms of main thread on
 * this machine at a phone's screen size, four times that on a slow phone: 8 a task measured
 * 14–17 ms here, 5 up to 14 ms, each a long task on the phone; 3 stay under its 50 ms.
 */
const PRELOADS_PER_TASK = 3

/**
 * A data screen's first files (the runtime and the initial chunk lead every list), asked for
 * by the shell's HTML itself: the start script adds its links only after the first paint, one
 * round trip after the document on a slow line, and the initial chunk is the largest file.
 */
const EARLY_FILES = 2

/**
 * The script that starts the app: after the next paint (a task queued from an animation
 * frame runs once that frame is drawn), at once in a hidden tab (no frame will come). It
 * preloads every chunk the first screen needs, so they download in parallel, and imports
 * the entry after the first few (the runtime and the initial chunk lead the list). Adding
 * a modulepreload link costs about 4 ms of main thread on a slow phone's CPU (×4: a request
 * is set up per link, measured 190–220 ms for 46 links): the ~45 links of a signed-in screen go in batches, one task each, so
 * none of them is a long task (issue 7 TBT). Hashed like Vite's assets (served immutable,
 * precached by the worker).
 */
export function startScript(entry: string, preloads: string[], otherScreenPreloads: string[] = preloads): { name: string; code: string } {
  const paths = (files: string[]) => JSON.stringify(files.map((file) => `/${file}`))
  const code = [
    '// Written by scripts/prerender.ts: the app starts once the pre-rendered shell has painted.',
    // The app shell stands for every screen without a shell of its own: there the head script
    // has marked <html>, and the home screen's chunks would only queue before the screen's own.
    otherScreenPreloads === preloads
      ? `const preloads = ${paths(preloads)}`
      : `const preloads = document.documentElement.classList.contains(${JSON.stringify(SHELL_OTHER_SCREEN_CLASS)}) ? ${paths(otherScreenPreloads)} : ${paths(preloads)}`,
    'const preloadBatch = (from) => {',
    `  for (const href of preloads.slice(from, from + ${PRELOADS_PER_TASK})) {`,
    "    const link = document.createElement('link')",
    "    link.rel = 'modulepreload'",
    "    link.crossOrigin = ''",
    '    link.href = href',
    '    document.head.append(link)',
    '  }',
    `  if (from === 0) void import(${JSON.stringify(`/${entry}`)})`,
    `  if (from + ${PRELOADS_PER_TASK} < preloads.length) setTimeout(() => preloadBatch(from + ${PRELOADS_PER_TASK}))`,
    '}',
    'const start = () => preloadBatch(0)',
    "if (document.visibilityState === 'hidden') start()",
    'else requestAnimationFrame(() => setTimeout(start))',
    '',
  ].join('\n')
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8)
  return { name: `shell-start-${hash}.js`, code }
}

/** What a screen shell's first screen needs: its route files and awaited modules, as the budget counts them. */
function screenRouteFiles(manifest: Manifest, screen: ScreenShellPath) {
  const budget = ROUTE_BUDGETS.find((route) => route.url === screen)
  if (!budget) throw new Error(`the screen shell ${screen} has no entry in ROUTE_BUDGETS (scripts/check-bundle-budget.ts)`)
  return routeFiles(manifest, budget.routeFiles, budget.awaited)
}

/** The first screen's stylesheets, and its start script written into dist/assets. */
async function shellAssets(
  distDir: string,
  manifest: Manifest,
  kind: ShellKind,
  indexHtml: string,
  screen: ScreenShellPath | null,
): Promise<ShellAssets> {
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1]
  if (!entry) throw new Error('index.html has no entry <script type="module" crossorigin src>')
  const { js, css } =
    kind === 'login'
      ? routeFiles(manifest, LOGIN_ROUTE_FILES)
      : kind === 'indicacao'
        ? routeFiles(manifest, REFERRAL_ROUTE_FILES)
        : screen
          ? screenRouteFiles(manifest, screen)
          : routeFiles(manifest, DASHBOARD_ROUTE_FILES, SIGNED_IN_AWAITED)
  const withoutEntry = (files: string[]) => files.filter((file) => file !== entry)
  // Another screen in the app shell: the frame and every screen's texts, not the home screen's chunks.
  const start =
    kind === 'app' && !screen
      ? startScript(entry, withoutEntry(js), withoutEntry(routeFiles(manifest, ['_app.tsx'], SIGNED_IN_AWAITED).js))
      : startScript(entry, withoutEntry(js))
  const startFile = `assets/${start.name}`
  await writeFile(path.join(distDir, startFile), start.code)
  const inlined = await Promise.all(css.map(async (file) => ({ file, text: await readFile(path.join(distDir, file), 'utf8') })))
  // Only where the largest paint is the screen's data, drawn by the app: where it is the
  // pre-rendered screen itself (the login form, the home's greeting), a download that ends
  // before it is a download it waits for on a slow line.
  return { css: inlined, startFile, early: screen ? [entry, ...withoutEntry(js).slice(0, EARLY_FILES)] : [] }
}

export function shellHtml(
  indexHtml: string,
  brand: Brand,
  kind: ShellKind,
  markup: string,
  assets: ShellAssets,
  screen: ScreenShellPath | null = null,
): string {
  if (!ROOT_PATTERN.test(indexHtml)) throw new Error('index.html has no <div id="root"> before <noscript>')
  const style = Object.entries(brandCssVariables(brand))
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ')
  const html = brandShellHtml(indexHtml, brand.id)
    .replace(ENTRY_TAGS, '')
    .replace(
      '<html lang="pt-BR">',
      `<html lang="pt-BR" data-brand="${brand.id}"${screen ? ` ${SHELL_SCREEN_ATTRIBUTE}="${screen}"` : ''} style="${style}">`,
    )
    .replace('  </head>', () => `${shellHead(assets)}  </head>`)
  // The login form and the frame's links answer before the app runs (issue 37): the
  // app hands what was typed and tapped over at its first commit (src/app/early-input.ts).
  // The referral form stays inert until then: it restores its draft after it starts, which
  // would overwrite what a friend typed before. A function replacement: `$` in the markup
  // is text, not a pattern.
  const inert = kind === 'indicacao' ? ' inert' : ''
  return html.replace(
    ROOT_PATTERN,
    () => `<div id="root" data-prerendered="${kind}"${inert}>${markup}</div>\n    <template id="${SHELL_END_ID}"></template>\n    `,
  )
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
    const shells = SHELL_KINDS.flatMap((kind) => [
      { kind, screen: null },
      ...(kind === 'app' ? SCREEN_SHELL_PATHS.map((screen) => ({ kind, screen })) : []),
    ])
    for (const { kind, screen } of shells) {
      const assets = await shellAssets(distDir, manifest, kind, indexHtml, screen)
      for (const brand of Object.values(BRANDS)) {
        const file = shellFileName(kind, brand.id, screen)
        const markup = await renderShell(kind, brand, screen)
        await writeFile(path.join(distDir, file), shellHtml(indexHtml, brand, kind, markup, assets, screen))
        console.log(`pre-rendered ${path.relative(process.cwd(), path.join(distDir, file))}`)
      }
    }
  } finally {
    await vite.close()
  }
}

if (import.meta.main) await prerenderShells(path.resolve(process.argv[2] ?? 'dist'))
