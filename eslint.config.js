// @ts-check
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * Layers of DESIGN.md: shared (src/contract, src/lib, src/db, src/machines, src/ui, src/i18n)
 * → features → app; no feature imports another; src/sw imports only src/contract, src/lib
 * and src/db; server/ imports only src/contract and the order machine; nothing under src/ imports server/. One zone per feature,
 * generated from the folders (bulletproof-react's import/no-restricted-paths).
 */
const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const SHARED = ['./src/contract', './src/lib', './src/db', './src/machines', './src/ui', './src/i18n']

const zones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in src/app.',
  })),
  ...SHARED.map((target) => ({
    target,
    from: ['./src/features', './src/app', './src/sw'],
    message: 'Shared code never imports a feature or the app.',
  })),
  { target: './src/features', from: './src/app', message: 'Features never import the app layer.' },
  {
    target: './src/sw',
    from: ['./src/app', './src/features', './src/ui', './src/machines'],
    message: 'The service worker imports only src/contract, src/lib and src/db.',
  },
  { target: './src', from: './server', message: 'Nothing under src/ imports the server.' },
  {
    target: ['./src/app', './src/features', './src/db', './src/ui', './src/sw', './src/machines', './src/i18n'],
    from: './src/contract/contract.ts',
    message:
      "Import the area's endpoints (src/contract/endpoints/<area>.ts): the whole contract would put every area's schemas in every screen's JavaScript (issue 7 budgets).",
  },
  {
    target: './server',
    from: ['./src/app', './src/features', './src/ui', './src/db', './src/sw', './src/i18n'],
    message: 'The server imports only src/contract (and the order machine, the lifecycle it enforces).',
  },
  {
    target: './src/contract',
    from: './src/lib',
    message: 'The contract is what the server, the worker and the app share: it never imports the client helpers.',
  },
  {
    target: './server',
    from: './src/lib',
    // A server test speaks to the server through the app's own client.
    except: ['./client.ts'],
    message: 'The server imports only src/contract (and the order machine, the lifecycle it enforces).',
  },
  {
    target: './server',
    from: './src/machines',
    // The order machine is the lifecycle both sides follow (one description, not two).
    except: ['./order.ts'],
    message: 'The server imports only src/contract (and the order machine, the lifecycle it enforces).',
  },
]

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
      'src/app/route-tree.gen.ts',
      'server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      // Type-aware rules (issue 8: no floating or misused promises) need the type checker.
      parserOptions: { project: ['./tsconfig.json', './tsconfig.sw.json'], tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // Every package a file imports is declared (issue 40 item 14: the worker imported two
      // Workbox packages that resolved only through another one). The server's own files may
      // not import a devDependency: a production install leaves those out.
      'import-x/no-extraneous-dependencies': [
        'error',
        {
          devDependencies: [
            'src/**',
            'tests/**',
            'bench/**',
            'scripts/**',
            '**/*.test.{ts,tsx}',
            'server/test/**',
            '*.config.ts',
            '*.config.js',
          ],
        },
      ],
      'react-hooks/rules-of-hooks': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/\\/index(\\.tsx?)?$/][source.value=/features/]',
          message: 'No barrel files for features: import the file directly.',
        },
        {
          // A module loaded with import() from a shared group's file gets its bindings as they
          // are when it loads (scripts/collapse-facades.ts), not as live ones.
          selector: 'ExportNamedDeclaration > VariableDeclaration[kind!="const"]',
          message: 'Export a const (or a function that reads the value): an exported let is not kept live after the build.',
        },
      ],
    },
  },
  {
    // Handlers stay thin (server/README.md): an area's SQL and tables live in its repository,
    // which re-exports the row types its routes turn into answers.
    files: ['server/areas/**/*routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: "A handler runs no SQL: the area's repository does." },
            { group: ['**/schema.ts', '**/*-schema.ts'], message: "A handler does not touch tables: the area's repository does." },
          ],
        },
      ],
    },
  },
)
