import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

// The API runs in our own Node server (server/main.ts); in `vite` dev mode it is proxied.
const apiTarget = process.env.API_URL ?? 'http://localhost:8080'

export default defineConfig({
  plugins: [
    // Must come before the React plugin: it splits every route file into lazy chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/route-tree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
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
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // The Sentry SDK (src/app/sentry-sdk.ts) loads only where a DSN is configured
        // (D20), so it is fetched when needed, never stored by every installation.
        globIgnores: ['**/*.map', '**/sentry-sdk-*.js'],
        // The worker ships without a source map: it is small, and it is measured (bench/pwa-size.ts).
        sourcemap: false,
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/drive': apiTarget,
      '/healthz': apiTarget,
    },
  },
})
