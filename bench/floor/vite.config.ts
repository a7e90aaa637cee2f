// Builds the floor page (bench/floor/main.tsx) the way the portal is built: Vite, React's
// plugin, a Workbox worker through vite-plugin-pwa. `outDir` comes from the bench.
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

export default defineConfig({
  root: import.meta.dirname,
  logLevel: 'warn',
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: { globPatterns: ['**/*.{js,css,html}'] },
    }),
  ],
  build: { target: 'es2022', emptyOutDir: true },
})
