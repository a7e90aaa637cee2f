import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import QRCode from 'qrcode'

// Not under test-results/: Playwright empties that folder while the first worker starts.
const videoDir = path.join(tmpdir(), `portal-qr-e2e-${process.pid}`)

/**
 * A one-frame y4m video (Chromium repeats it) of `text` as a QR code, black on white in a
 * 640×480 frame: drawn from the code's modules, so CI needs no ffmpeg (TOOLCHAIN.md). Chromium
 * shows it as the fake camera with `--use-file-for-fake-video-capture`.
 */
export function qrVideo(name: string, text: string): string {
  const width = 640
  const height = 480
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const scale = 8
  const side = (modules.size + 8) * scale // four modules of quiet zone on each side
  const left = (width - side) / 2
  const top = (height - side) / 2
  const luma = Buffer.alloc(width * height, 255)
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - 4
      const column = Math.floor(x / scale) - 4
      const dark = row >= 0 && column >= 0 && row < modules.size && column < modules.size && modules.get(row, column)
      if (dark) luma[(top + y) * width + left + x] = 0
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128)
  const file = path.join(videoDir, `${name}.y4m`)
  mkdirSync(videoDir, { recursive: true })
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma, chroma]))
  return file
}
