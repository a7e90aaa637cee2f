/**
 * The name a student reads for a signed-in device in /me "Aparelhos conectados":
 * browser and system from the User-Agent at login, e.g. "Chrome no Android". A few lines
 * of rules instead of a parser library: the label only has to be recognisable, never exact,
 * and a User-Agent is whatever the sender wrote (no decision rests on it).
 */

/** First match wins: the Chromium-based browsers name themselves before "Chrome" does. */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  // Also "HeadlessChrome", an automated Chrome's name for itself.
  [/(?:\bChrome|\bCriOS|\bChromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

/** iPhone and iPad before macOS (an iPad's UA says "like Mac OS X"), Android before Linux. */
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

const UNKNOWN_DEVICE = 'Aparelho desconhecido'

export function deviceLabel(userAgent: string | undefined): string {
  const agent = (userAgent ?? '').slice(0, 512)
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1]
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1]
  if (browser && system) return `${browser} no ${system}`
  if (system) return `Navegador no ${system}`
  return browser ?? UNKNOWN_DEVICE
}
