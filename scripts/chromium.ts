/**
 * Debian's Chromium (never a downloaded browser, TOOLCHAIN.md) and the flags it needs on
 * these machines: without the background-networking ones it keeps trying hosts this
 * network refuses. One list for the e2e tests and the benchmarks.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The features Playwright 1.65 disables (its chromiumSwitches.ts). Chromium reads only the
 * last `--disable-features` switch, so ours must repeat Playwright's list or undo it.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'CDPScreenshotNewSurface',
  'SkipListAccountsWithoutGaiaCookies',
]

/**
 * Chromium 156 preloads the omnibox popup's WebUI in a renderer of its own, also headless:
 * 2–3 s of CPU in the first seconds of every browser, taken from the page under test on
 * these 2-core machines (it tripled the cold /dashboard's blocking time in Lighthouse).
 */
const BROWSER_UI_FEATURES = ['PreloadTopChromeWebUI', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES].join(',')}`,
]
