/**
 * The QR reader of /login/qr-code (issue 9 journey 1) and of the travel campaign's scanner
 * (issue 14): `barcode-detector`'s ponyfill on ZXing's WASM. Imported dynamically by
 * ./use-qr-scanner.ts only when a scanner shows, so neither the login page nor any
 * other screen loads it.
 *
 * The WASM is the file we ship (a hashed asset of our build, precached by the service
 * worker), never the CDN the library names by default: the screen reads codes offline.
 */
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill'
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'

export type QrSource = HTMLVideoElement | ImageBitmap

export interface QrReader {
  /** The texts of the QR codes in the frame or picture (empty when there is none). */
  read(source: QrSource): Promise<string[]>
}

/** The ZXing module, loaded once per page; a failed load (offline, not cached) may be retried. */
let loading: Promise<unknown> | undefined

function loadZxing(): Promise<unknown> {
  loading ??= prepareZXingModule({
    overrides: { locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file) },
    fireImmediately: true,
  }).catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

/** Resolves once the WASM is compiled, so the first camera frame is read at once. */
export async function createQrReader(): Promise<QrReader> {
  await loadZxing()
  const detector = new BarcodeDetector({ formats: ['qr_code'] })
  return {
    async read(source) {
      const codes = await detector.detect(source)
      return codes.map((code) => code.rawValue)
    },
  }
}
