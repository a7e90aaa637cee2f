import remapping from '@jridgewell/remapping'
import MagicString from 'magic-string'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { normalizePath, type Plugin } from 'vite'
import { COMPILE_HINT } from './compile-hints.ts'
import { readManifest, type Manifest } from './vite-manifest.ts'

/**
 * A module that is loaded with `import()` and that a shared group (vite.config.ts) moved into
 * its group's file gets a file of its own anyway from Rolldown: one line that re-exports the
 * group's bindings under the module's names (a "facade"; Rolldown issue #9729, still open; Rollup
 * reads the names from the group's file instead). Every such `import()` then costs the phone one
 * more request, queued on HTTP/1.1 before the group's file it points to: on /dashboard ten of
 * its first visit's files were these one-liners (issue 37: at most 20 files). This rewrites each
 * `import()` of a facade to import the group's file and name its bindings as the facade did,
 * and drops the facade. It runs before Vite's own rewrite of `import()` (its preload lists), so
 * those lists name the group's file; the manifest keeps each module's entry, pointing at the
 * group's file (the bundle budget and the shell pre-render look modules up by their path).
 */
const FACADE = /^\s*export\s*\{([^}]*)\}\s*from\s*(["'`])\.\/([^"'`]+)\2;?\s*(\/\/# sourceMappingURL=\S+\s*)?$/

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

interface Facade {
  target: string
  /** [name the facade gives, name in the group's file] */
  names: [string, string][]
  module: string | null
  name: string
  css: Set<string> | undefined
  /** `import"./facade.js";`, as Rolldown writes a bare import. */
  bareImport: RegExp
  /** `import("./facade.js")` */
  dynamicImport: RegExp
}

/** The facade's file name as a pattern (chunks sit side by side in assets/). */
const fileBase = (file: string) => path.posix.basename(file).replaceAll('.', '\\.')

/** `t as api, n as default` → the bindings' names in the group's file by the facade's names. */
function namesOf(specifiers: string): [exported: string, local: string][] {
  return specifiers
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [local, exported = local] = part.split(/\s+as\s+/)
      return [exported!.replace(/^["']|["']$/g, ''), local!]
    })
}

export function collapseFacades(): Plugin {
  let root = process.cwd()
  // The collapsed facades' manifest entries, by module path: written once the manifest exists.
  const collapsed = new Map<string, { name: string; target: string }>()
  return {
    name: 'portal:collapse-facades',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root
    },
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        collapsed.clear()
        // Facade file → the group's file it re-exports and the names it gives.
        const facades = new Map<string, Facade>()
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || !file.isDynamicEntry || file.isEntry || file.dynamicImports.length > 0) continue
          const match = FACADE.exec(file.code)
          if (!match || file.imports.length !== 1) continue
          const target = file.imports[0]!
          if (!target.endsWith(`/${match[3]}`) && target !== match[3]) continue
          facades.set(file.fileName, {
            target,
            names: namesOf(match[1]!),
            module: file.facadeModuleId,
            name: file.name,
            css: file.viteMetadata?.importedCss,
            bareImport: new RegExp(`import\\s*(["'\`])\\./${fileBase(file.fileName)}\\1;?`, 'g'),
            dynamicImport: new RegExp(`import\\((["'\`])\\./${fileBase(file.fileName)}\\1\\)`, 'g'),
          })
        }
        // A facade that carries its module's stylesheet is imported by its group's file for it
        // (`import"./facade.js"`): the stylesheet moves to the group's file with the import.
        // Imported statically by any other file, or for its bindings, a facade stays.
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk') continue
          for (const imported of file.imports) {
            const facade = facades.get(imported)
            if (facade && (facade.target !== file.fileName || !file.code.match(facade.bareImport))) facades.delete(imported)
          }
        }
        if (facades.size === 0) return

        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || facades.has(chunk.fileName)) continue
          const code = new MagicString(chunk.code)
          for (const [facade, { target, names, css, bareImport, dynamicImport }] of facades) {
            if (target === chunk.fileName && chunk.imports.includes(facade)) {
              for (const found of chunk.code.matchAll(bareImport)) code.remove(found.index, found.index + found[0].length)
              chunk.imports = chunk.imports.filter((imported) => imported !== facade)
              for (const sheet of css ?? []) chunk.viteMetadata?.importedCss.add(sheet)
            }
            if (!chunk.dynamicImports.includes(facade)) continue
            const targetBase = path.posix.basename(target)
            // The bindings as they are once the file has run: no exported binding is reassigned
            // later (ESLint: exports are const), so live getters would only cost bytes.
            const namespace = names
              .map(([exported, local]) => `${IDENTIFIER.test(exported) ? exported : JSON.stringify(exported)}:m.${local}`)
              .join(',')
            for (const found of chunk.code.matchAll(dynamicImport))
              code.overwrite(
                found.index,
                found.index + found[0].length,
                `import(${found[1]}./${targetBase}${found[1]}).then(m=>({${namespace}}))`,
              )
            chunk.dynamicImports = [...new Set(chunk.dynamicImports.map((imported) => (imported === facade ? target : imported)))]
          }
          if (!code.hasChanged()) continue
          const oldMap = chunk.map
          chunk.code = code.toString()
          if (oldMap) {
            const edit = code.generateMap({ source: chunk.fileName, hires: 'boundary', includeContent: false })
            const combined = remapping([JSON.parse(edit.toString()), JSON.parse(oldMap.toString())], () => null)
            // Rolldown's map object keeps only its own fields: the combined one replaces it whole.
            chunk.map = Object.assign(combined, {
              toUrl: () => `data:application/json;base64,${Buffer.from(combined.toString()).toString('base64')}`,
            }) as unknown as typeof chunk.map
            const mapAsset = bundle[`${chunk.fileName}.map`]
            if (mapAsset?.type === 'asset') mapAsset.source = combined.toString()
          }
        }
        for (const [facade, { target, module, name }] of facades) {
          delete bundle[facade]
          delete bundle[`${facade}.map`]
          if (module) collapsed.set(normalizePath(path.relative(root, module)), { name, target })
        }
      },
    },
    // After Vite's manifest plugin (normal order) has put the manifest in the bundle.
    writeBundle: {
      order: 'pre',
      sequential: true,
      handler(options) {
        if (collapsed.size === 0) return
        const distDir = options.dir ?? path.join(root, 'dist')
        const manifest: Manifest = readManifest(distDir)
        const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]))
        for (const [module, { name, target }] of collapsed) {
          const targetKey = keyOf.get(target)
          if (!targetKey) throw new Error(`collapse-facades: no manifest entry for ${target}`)
          manifest[module] = { file: target, name, src: module, isDynamicEntry: true, imports: [targetKey] }
        }
        writeFileSync(path.join(distDir, '.vite/manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
      },
    },
  }
}

/**
 * The built scripts that only re-export another file (the build's budget check fails on any):
 * if Rolldown ever writes them in a shape this plugin does not read, they come back silently.
 */
export function facadeFiles(distDir: string): string[] {
  const assets = path.join(distDir, 'assets')
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .filter((file) => FACADE.test(readFileSync(path.join(assets, file), 'utf8').replace(`${COMPILE_HINT}\n`, '')))
}
