import { PGlite } from '@electric-sql/pglite'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { openPglite, PGLITE_START_PARAMS } from './server/db/client.ts'
const db = await openPglite(); await db.migrate()
const dump = await db.client.dumpDataDir('none'); await db.close()
const dir = createRequire(import.meta.url).resolve('@electric-sql/pglite').replace(/index\.(c?js)$/, '')
console.log(dir)
for (let i = 0; i < 3; i++) { const t = performance.now(); const c = await PGlite.create({ loadDataDir: dump, startParams: PGLITE_START_PARAMS }); console.log('plain', Math.round(performance.now() - t)); await c.close() }
const wasmModule = await WebAssembly.compile(readFileSync(dir + 'pglite.wasm'))
const fsBundle = new Blob([readFileSync(dir + 'pglite.data')])
for (let i = 0; i < 3; i++) { const t = performance.now(); const c = await PGlite.create({ loadDataDir: dump, startParams: PGLITE_START_PARAMS, wasmModule, fsBundle }); console.log('shared', Math.round(performance.now() - t)); await c.close() }
