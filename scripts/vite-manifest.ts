/**
 * The chunk graph of a build, read from dist/.vite/manifest.json (vite.config.ts
 * build.manifest): which files a route needs before it can draw. Shared by the bundle
 * budget (scripts/check-bundle-budget.ts) and the shell pre-render (scripts/prerender.ts).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

export interface ManifestChunk {
  file: string
  /** The chunk's name: its group's (`initial`, `ui`…) or its module's. */
  name?: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

const ROUTES_DIR = 'src/app/routes/'

/** main.tsx awaits the screens' texts before a signed-in route's first render. */
export const SCREEN_TEXTS = 'src/i18n/screen-resources.ts'

/**
 * What a signed-in route's first render waits for beyond its route files (by source path):
 * the screens' texts (main.tsx) and what the signed-in layout's guard loads
 * (routes/_app.tsx: the query cache and the navigation table). The session's machine is not
 * among them: with a kept user the frame draws without it.
 */
export const SIGNED_IN_AWAITED = [SCREEN_TEXTS, 'src/app/query-client.ts', 'src/app/layout/navigation.ts']

/** Route files (under src/app/routes/) from the root down to each shell's first screen. */
export const LOGIN_ROUTE_FILES = ['login.tsx', 'login/main.tsx']
/** The friend's referral form (issue 13): public, no signed-in frame. */
export const REFERRAL_ROUTE_FILES = ['indicacao.$code.tsx']
export const DASHBOARD_ROUTE_FILES = ['_app.tsx', '_app/dashboard.tsx']

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest
}

function entryKey(manifest: Manifest): string {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry && chunk.src === 'index.html')
  if (!entry) throw new Error('no index.html entry in the Vite manifest: is build.manifest on?')
  return entry[0]
}

/** The manifest key of a route file's lazy component chunk (TanStack autoCodeSplitting) or of the file. */
function routeChunkKey(manifest: Manifest, routeFile: string): string {
  const base = ROUTES_DIR + routeFile
  const key = [`${base}?tsr-split=component---loader`, `${base}?tsr-split=component`, base].find((candidate) => candidate in manifest)
  if (!key) throw new Error(`no chunk for ${base} in the Vite manifest`)
  return key
}

/** `keys` and every chunk they import statically, each once. */
function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`the Vite manifest has no chunk ${key}`)
    seen.add(key)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  keys.forEach(visit)
  return [...seen]
}

/**
 * Chunks that import each other statically, each cycle once as its files in import order.
 * A module grouped into a chunk (vite.config.ts) can make two chunks import each other; the
 * one evaluated second then reads the other's values before they are set, and an endpoint
 * defined there has no schema (seen: every call of it failed as "no connection").
 */
export function chunkCycles(manifest: Manifest): string[][] {
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const cycles: string[][] = []
  const visit = (key: string) => {
    state.set(key, 'open')
    stack.push(key)
    for (const imported of manifest[key]?.imports ?? []) {
      if (state.get(imported) === 'open') cycles.push([...stack.slice(stack.indexOf(imported)), imported])
      else if (!state.has(imported)) visit(imported)
    }
    stack.pop()
    state.set(key, 'done')
  }
  for (const key of Object.keys(manifest)) if (!state.has(key)) visit(key)
  return cycles.map((cycle) => cycle.map((key) => manifest[key]?.file ?? key))
}

export interface RouteFiles {
  /** JS files (under dist/) loaded before the route draws, the entry's included. */
  js: string[]
  /** Stylesheets of those chunks. */
  css: string[]
}

/**
 * What a route loads before it draws: the entry with its static imports, each route file's
 * lazy component chunk with theirs, and the `awaited` dynamic modules (by source path).
 * Dynamic imports beyond those load on their own route or after the first paint.
 */
export function routeFiles(manifest: Manifest, files: string[], awaited: string[] = []): RouteFiles {
  const keys = staticClosure(manifest, [entryKey(manifest), ...files.map((file) => routeChunkKey(manifest, file)), ...awaited])
  const chunks = keys.map((key) => manifest[key]!)
  return {
    // Each file once: a module loaded with import() from a shared group's file names that file
    // (scripts/collapse-facades.ts), like the group's own entry.
    js: [...new Set(chunks.map((chunk) => chunk.file).filter((file) => file.endsWith('.js')))],
    css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))],
  }
}
