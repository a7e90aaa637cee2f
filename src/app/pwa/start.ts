import { installController } from './install.ts'
import { registerServiceWorker } from './register.ts'
import { trackFieldBaselines } from './unsaved-input.ts'

/**
 * Starts the PWA layer; main.tsx calls it before the first render. Listening for the
 * install prompt starts at once (the browser may fire it early); the worker is registered
 * only after the first screen, so it never competes with it for the network.
 */
export function startPwa(): void {
  installController()
  trackFieldBaselines(document)
  void registerServiceWorker()
}
