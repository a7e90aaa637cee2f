/**
 * The printed URL of a campaign code (D27): `<origin>/at-home/scanear-qr-code/{campanha}/{codigo}/`.
 * The camera reads the whole URL; the portal takes the two segments from its path, whatever
 * host printed it (a code printed for the production site still works on another one), and
 * follows the same route the phone's own camera would open.
 */
export const SCAN_PATH_PREFIX = '/at-home/scanear-qr-code/'

export interface ScannedCode {
  /** The campaign segment: its id (digits). */
  campanha: string
  /** The code, upper case (the server takes any case). */
  codigo: string
}

const SCAN_PATH = /^\/at-home\/scanear-qr-code\/(\d{1,12})\/([A-Za-z0-9_-]{1,32})\/?$/

/** The code in a QR text or a path; null when the text is not a campaign code's URL. */
export function scannedCodeIn(text: string): ScannedCode | null {
  let pathname: string
  try {
    pathname = new URL(text.trim(), 'http://portal.invalid').pathname
  } catch {
    return null
  }
  const match = SCAN_PATH.exec(pathname)
  return match ? { campanha: match[1]!, codigo: match[2]!.toUpperCase() } : null
}

/** The first campaign code among a frame's texts (a frame may hold several codes). */
export function firstScannedCode(texts: string[]): ScannedCode | null {
  for (const text of texts) {
    const found = scannedCodeIn(text)
    if (found) return found
  }
  return null
}

/** The app path of a code (the printed URL's path). */
export function scanPathOf({ campanha, codigo }: ScannedCode): string {
  return `${SCAN_PATH_PREFIX}${campanha}/${codigo}/`
}
