import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { collapseFacades } from './scripts/collapse-facades.ts'
import { compileHints } from './scripts/compile-hints.ts'
import type { prerenderShells as PrerenderShells } from './scripts/prerender.ts'

// The API runs in our own Node server (server/main.ts); in `vite` dev mode it is proxied.
const apiTarget = process.env.API_URL ?? 'http://localhost:8080'

/**
 * Writes the pre-rendered shells (scripts/prerender.ts, issue 7 item 2) into the build once
 * its files are written and before vite-plugin-pwa lists the precache in closeBundle, so the
 * service worker precaches them. Loaded at build time by Node itself, not bundled into this
 * config: it starts a Vite SSR loader of its own.
 */
function prerenderShells(): Plugin {
  let outDir = 'dist'
  return {
    name: 'portal:prerender-shells',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const script = pathToFileURL(path.resolve(import.meta.dirname, 'scripts/prerender.ts')).href
        const { prerenderShells: run } = (await import(/* @vite-ignore */ script)) as { prerenderShells: typeof PrerenderShells }
        await run(outDir)
      },
    },
  }
}

/** The package file, whose name and version the error reports' switch imports. */
const PACKAGE_JSON = path.resolve(import.meta.dirname, 'package.json')

/**
 * Modules that nearly every screen asks for, each group in one file instead of dozens of a few
 * hundred bytes (issue 37): on HTTP/1.1 each file queues for one of six connections and
 * costs the phone a fetch and an instantiation task of its own. A group holds only modules
 * that no first screen can do without or that every visit loads right after it, so no route
 * pays for code it would not have loaded anyway; nothing stateful is copied (a group moves a
 * module, it never duplicates one).
 */
const SHARED_GROUPS = [
  // The screens' building blocks (alert, button, card, field, skeleton, spinner, masks…), the
  // login's included. Not the QR reader, Radix's select and dialog, the payment summary and the
  // share helper (a few screens each), nor what brings the API client or valibot along: the
  // screens that use them load them.
  {
    name: 'ui',
    test: (id: string) =>
      /\/src\/ui\/(?!qr\/|select\.|confirm-dialog\.|offline-|summary\.|validation\/schema-rules\.|after-first-screen\.|share\.|payment-summary\.|pull-to-refresh)[\w/-]+\.tsx?$/.test(
        id,
      ) ||
      // What every first screen asks for with them: the heading's focus after a navigation, and
      // the router's hook it reads.
      id.endsWith('/src/app/layout/route-focus.ts') ||
      id.endsWith('/node_modules/@tanstack/react-router/dist/esm/useRouterState.js'),
  },
  // The API client and what every endpoint's definition shares (valibot with it): a data
  // screen needs it for its first request, the login right after its first screen (the session).
  {
    name: 'api',
    test: /\/src\/(lib\/(api|client|reachability|runtime-config)|contract\/(define|uploads|once|schemas\/(common|messages)))\.ts$/,
  },
  // TanStack Query, whose parts every signed-in screen and the session use, with the app's one client.
  { name: 'query', test: /(\/node_modules\/@tanstack\/(query-core|react-query)\/|\/src\/app\/query-client\.ts$)/ },
  // The session's runtime (its machine and side effects) with XState's two files: a signed-in
  // visit loads it at once (its token), the login right after its first screen; the screens
  // that draw with a machine (the orders, the registration form) are signed-in, so they load
  // the runtime at the same moment anyway. One file instead of two.
  {
    name: 'session',
    test: (id: string) =>
      /\/node_modules\/xstate\//.test(id) ||
      /\/src\/(app\/(session-runtime|email-verification-step|pending-logouts|logout-sender|production-redirect)|machines\/session|features\/auth\/login-origin-body|contract\/session-ended)\.ts$/.test(
        id,
      ),
    includeDependenciesRecursively: false,
  },
  // The user's, sign-in's and the registration's schemas (with the registration's rules):
  // the session loads them on every visit, the frame, the account's and the club's screens and
  // the referral form draw with them. One file instead of three.
  {
    name: 'user-contract',
    test: /\/src\/contract\/(registration|schemas\/(user|auth|registration))\.ts$/,
    includeDependenciesRecursively: false,
  },
  // The endpoints the session's runtime calls and the account's screens share (sign-in, the
  // book, the runtime settings, the user's tours, the sessions) with their own schemas: every
  // visit, the login's included, loads them with the session right after its first screen.
  // One file instead of five. Not the runtime itself, which brings XState, nor the schemas
  // the user's schema imports (sign-in's): that would make the two files import each other.
  {
    name: 'account-contract',
    test: /\/src\/contract\/(endpoints\/(auth|books|config|users|sessions)|schemas\/(book|config|tour|session))\.ts$/,
    includeDependenciesRecursively: false,
  },
  // The signed-in frame (app shell, tab bar, drawer's menu, navigation table, the outbox's
  // live count, the queued kinds it names, which screen a pull refreshes) and what every data screen draws its states with: the same on every signed-in
  // first screen. Only these modules (not what they import: the login shares the route
  // focus), so the login and the referral page never load the frame.
  {
    name: 'frame',
    test: /\/src\/(app\/(layout\/(?!drawer-dialog|route-focus)[\w-]+|routes\/(-components\/authenticated-layout|_app\.tsx\?tsr-split=[\w-]+$))|db\/(outbox-live|outbox-kinds|sync-start|use-offline-data)|ui\/(offline-[\w-]+|summary|pull-to-refresh-screen))(\.tsx?$|)/,
    includeDependenciesRecursively: false,
  },
  // The managers' panel's own building blocks (navigation, pager, the lists' states and cards,
  // the review screens' frame): every panel screen draws with most of them; one file instead
  // of one per pair of screens that share a piece.
  {
    name: 'manager-panel',
    test: /\/src\/features\/manager-panel\/components\/[\w-]+\.tsx?$/,
    includeDependenciesRecursively: false,
  },
  // What every visit, the login's included, loads once its first screen is up: the worker's
  // registration and the install and update offers, and the error reports' switch (with the
  // release's name and version from package.json).
  {
    name: 'start-later',
    test: (id: string) =>
      /\/src\/app\/(pwa\/(start|pwa-ui|install-button|update-prompt|install|register|unsaved-input)|monitoring)\.tsx?$/.test(id) ||
      id === PACKAGE_JSON,
    includeDependenciesRecursively: false,
  },
  // The signed-in frame's later parts (the notices' badge, the push offer, the phone drawer,
  // the guided tour, the outbox's sender, pull to refresh): every signed-in visit loads them
  // after its first screen. Only these modules, not the libraries they use.
  {
    name: 'frame-later',
    test: (id: string) =>
      /\/src\/(features\/push\/(prompt|components\/(push-layer|push-offer|in-app-messages))|app\/(layout\/drawer-dialog|tour\/(guided-tour|tour-paths)|outbox-runner)|ui\/pull-to-refresh)\.tsx?$/.test(
        id,
      ) ||
      // What those parts run on: the outbox and its sender.
      /\/src\/db\/outbox(-send|-app)?\.ts$/.test(id),
    includeDependenciesRecursively: false,
  },
  // The device's push state, its endpoints and texts, and the notices (the unread count, what
  // was read): the push offer and the frame's badge after every signed-in first screen, the
  // account screen's card and the notices' screen with it. One file instead of seven.
  {
    name: 'push',
    test: (id: string) =>
      /\/src\/(features\/push\/(status|device|use-push-status|texts)|features\/avisos\/(unread|read-state|sync)|contract\/(schemas|endpoints)\/push)\.tsx?$/.test(
        id,
      ) || id.endsWith('/src/i18n/pt-BR/push.json'),
    includeDependenciesRecursively: false,
  },
  // The endpoints and schemas the outbox's kinds name (activities, practice, travel campaigns,
  // and the classes the activities belong to): every signed-in visit loads them with the
  // outbox, their screens and the home screen with their first screen. One file instead of five.
  {
    name: 'contract',
    test: /\/src\/contract\/(schemas\/(atividade|pratica|travel-campaign|turma)|endpoints\/(atividades|pratica|travel-campaigns|pedagogico))\.ts$/,
    includeDependenciesRecursively: false,
  },
  // What the home screen reads beside the instalments: the classes with their schedule and the
  // orders (their query, endpoint and schema). The classes' and the orders' screens draw with
  // their half and take the other's 1-2 KiB with it: less on slow 4G than a request each.
  // One file instead of four. Not the instalments' query: /financial would take the rest.
  {
    name: 'home',
    test: /\/src\/(features\/(pedagogico\/(api\/get-turmas|schedule)|pedidos\/api\/get-pedidos)|contract\/(endpoints\/pedidos|schemas\/pedido))\.ts$/,
    includeDependenciesRecursively: false,
  },
  // Paying anything (the methods, the Pix and card panels, their calls and texts, the summary):
  // every payment screen draws with all of them (the card's form, with Radix's select, loads
  // when the card is chosen). One file instead of four.
  {
    name: 'payment',
    test: /\/src\/(features\/payment\/(?!card-panel)[\w-]+|ui\/payment-summary)\.tsx?$/,
    includeDependenciesRecursively: false,
  },
  // Radix's dialog and what only dialogs stand on (focus trap, scroll lock, portal): the
  // drawer's dialog on every signed-in visit, the confirmations and the select on a few
  // screens. One file instead of two; Radix's shared base (context, presence, ids) stays
  // its own, so the tabs do not bring it.
  {
    name: 'dialog',
    test: /\/node_modules\/(@radix-ui\/react-(dialog|dismissable-layer|focus-scope|portal|focus-guards|use-escape-keydown)|tslib|react-remove-scroll(-bar)?|use-callback-ref|use-sidecar|get-nonce|react-style-singleton|aria-hidden)\//,
    includeDependenciesRecursively: false,
  },
]

export default defineConfig({
  plugins: [
    // Must come before the React plugin: it splits every route file into lazy chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A screen's loader (it prefetches the screen's data, Dexie included) travels with the
      // screen's component: the entry carries only the route tree (issue 7 budgets).
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader', 'component'],
          ['pendingComponent', 'errorComponent', 'notFoundComponent'],
        ],
      },
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/route-tree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    collapseFacades(),
    compileHints(),
    prerenderShells(),
    // Our own Workbox worker (src/sw/sw.ts → dist/sw.js, scope /). The two brands keep their
    // hand-made manifests in public/ (manifest: false) and the app registers the worker itself
    // after the first screen (src/app/pwa/register.ts, injectRegister: false). In `vite` dev
    // mode there is no worker (devOptions off): stale caches would only get in the way.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      scope: '/',
      manifest: false,
      injectRegister: false,
      devOptions: { enabled: false },
      injectManifest: {
        // Everything a reload of any route needs offline: the shell, every route chunk and
        // stylesheet, the icons, favicons and both brands' manifests. Listed once each (no
        // includeAssets / manifest icons on top). Source maps are left out.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2,wasm}'],
        // The Sentry SDK (src/app/sentry-sdk.ts) loads only where a DSN is configured
        // (D20), so it is fetched when needed, never stored by every installation.
        globIgnores: ['**/*.map', '**/sentry-sdk-*.js'],
        // The worker ships without a source map: it is small, and it is measured (bench/pwa-size.ts).
        sourcemap: false,
      },
    }),
  ],
  resolve: {
    // Dexie's package points bundlers at a wrapper around its UMD build, transpiled for old
    // browsers; its ES module build for modern ones is the same library, smaller and quicker
    // to evaluate on the first screen (issue 7 TBT). One copy for the app and the worker.
    alias: [{ find: /^dexie$/, replacement: path.resolve(import.meta.dirname, 'node_modules/dexie/dist/modern/dexie.mjs') }],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph the bundle budget and the shell pre-render
    // read (scripts/check-bundle-budget.ts, scripts/prerender.ts).
    manifest: true,
    // The modules the entry needs before its first render (React, the router, i18next, the
    // session) go in one chunk instead of dozens of small shared ones: each file is
    // compressed and requested on its own, so on the login route 51 files cost 16 KiB more
    // than 20. The lazy routes' shared modules in a few groups (SHARED_GROUPS),
    // the rest in Rolldown's own splitting.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'initial',
              priority: SHARED_GROUPS.length + 1,
              tags: ['$initial'],
              test: (id: string) => !id.includes('src/app/main.tsx') && !id.endsWith('.html'),
            },
            // Below the first chunk (what it holds stays there), each below the one before it:
            // the login's online status (TanStack Query's onlineManager) goes with the ui group.
            ...SHARED_GROUPS.map((group, index) => ({
              ...group,
              priority: SHARED_GROUPS.length - index,
            })),
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/drive': apiTarget,
      '/healthz': apiTarget,
    },
  },
})
