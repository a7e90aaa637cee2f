/**
 * Debian's Chromium (never a downloaded browser, TOOLCHAIN.md) and the flags it needs on
 * these machines: without the background-networking ones it keeps trying hosts this
 * network refuses. One list for the e2e tests and the benchmarks.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
