import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * V8's explicit compile hint (issue 37): a file that starts with this comment has all its
 * functions compiled while it downloads, on a background thread, instead of each one on the
 * main thread at its first call. On a first visit that lazy compiling was the largest part of
 * the long tasks after the first paint (docs/start-and-speed.md). The chunks every first visit
 * of a signed-in screen runs: the entry's, the shared groups, the API client with valibot,
 * Dexie and the device database, the session's runtime with XState (measured: Dexie's and
 * valibot's functions a start calls are most of their code). Not the screens' own chunks,
 * which each route loads on its own: compiled eagerly all at once, the finishing step on the
 * main thread grew as much as the lazy compiling it saved.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'
export const COMPILE_HINT_CHUNKS = ['initial', 'ui', 'query', 'frame', 'api', 'dexie', 'local-data', 'session']

export function compileHints(): Plugin {
  return {
    name: 'portal:compile-hints',
    apply: 'build',
    // After Vite's own rewrite, which puts its preload list (`__vite__mapDeps`) first.
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || !COMPILE_HINT_CHUNKS.includes(file.name)) continue
          // The hint must be the file's first line; every mapping moves one line down.
          file.code = `${COMPILE_HINT}\n${file.code}`
          if (file.map) file.map.mappings = `;${file.map.mappings}`
          const mapAsset = bundle[`${file.fileName}.map`]
          if (mapAsset?.type === 'asset') {
            const map = JSON.parse(String(mapAsset.source)) as { mappings: string }
            map.mappings = `;${map.mappings}`
            mapAsset.source = JSON.stringify(map)
          }
        }
      },
    },
  }
}

/**
 * The built files of `COMPILE_HINT_CHUNKS` that do not start with the hint (Vite's own rewrite
 * of a chunk runs late: if it ever ran after ours, the hint would silently stop working).
 */
export function filesWithoutCompileHint(distDir: string, chunkFiles: { name: string; file: string }[]): string[] {
  return chunkFiles
    .filter(({ name }) => COMPILE_HINT_CHUNKS.includes(name))
    .filter(({ file }) => !readFileSync(path.join(distDir, file), 'utf8').startsWith(`${COMPILE_HINT}\n`))
    .map(({ file }) => file)
}
