/**
 * Generates the brand assets in public/ from the brand table (src/app/brand.ts, D5):
 * - public/favicon-<brand>.svg          letter mark on a rounded square
 * - public/icons/<brand>-192.png, -512.png                  purpose "any"
 * - public/icons/<brand>-maskable-192.png, -maskable-512.png   purpose "maskable"
 * - public/icons/<brand>-apple-touch-icon.png              180×180, opaque (iOS)
 * - public/manifest-<brand>.webmanifest
 *
 * Run: npx node scripts/make-icons.ts   (no image library: a tiny PNG encoder on node:zlib)
 *
 * The mark is drawn from the same geometry in SVG and PNG: round-capped strokes in a
 * 100×100 box. Maskable icons fill the whole square and shrink the mark so it stays well
 * inside the safe zone (a centred circle of radius 40%), whatever shape the launcher cuts.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { crc32, deflateSync } from 'node:zlib'
import { BRANDS, type Brand, type BrandId } from '../src/app/brand.ts'
import { hexToRgb } from '../src/ui/contrast.ts'

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), '..', 'public')

type Point = readonly [number, number]
type Shape =
  | { kind: 'line'; a: Point; b: Point }
  /** Right half of a circle (the bowl of the P). */
  | { kind: 'half-ring'; c: Point; r: number }

interface Mark {
  /** SVG path data for the same strokes. */
  path: string
  shapes: readonly Shape[]
}

const STROKE = 14

/** K for KNN, P for Phenom; both centred on x=50 in the 100×100 box. */
const MARKS: Record<BrandId, Mark> = {
  knn: {
    path: 'M32 24V76M36 54L68 24M46 45L70 76',
    shapes: [
      { kind: 'line', a: [32, 24], b: [32, 76] },
      { kind: 'line', a: [36, 54], b: [68, 24] },
      { kind: 'line', a: [46, 45], b: [70, 76] },
    ],
  },
  phenom: {
    path: 'M34 76V24H52A15 15 0 0 1 52 54H34',
    shapes: [
      { kind: 'line', a: [34, 24], b: [34, 76] },
      { kind: 'line', a: [34, 24], b: [52, 24] },
      { kind: 'line', a: [34, 54], b: [52, 54] },
      { kind: 'half-ring', c: [52, 39], r: 15 },
    ],
  },
}

/** Corner radius of the rounded square of "any" icons and favicons, in box units. */
const CORNER = 22

function distanceToSegment([px, py]: Point, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax
  const dy = by - ay
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy))
}

function inMark(mark: Mark, p: Point): boolean {
  const half = STROKE / 2
  for (const shape of mark.shapes) {
    if (shape.kind === 'line') {
      if (distanceToSegment(p, shape.a, shape.b) <= half) return true
    } else if (p[0] >= shape.c[0]) {
      const d = Math.hypot(p[0] - shape.c[0], p[1] - shape.c[1])
      if (Math.abs(d - shape.r) <= half) return true
    }
  }
  return false
}

function inRoundedSquare([x, y]: Point, radius: number): boolean {
  const cx = Math.max(radius, Math.min(100 - radius, x))
  const cy = Math.max(radius, Math.min(100 - radius, y))
  return Math.hypot(x - cx, y - cy) <= radius && x >= 0 && x <= 100 && y >= 0 && y <= 100
}

interface IconStyle {
  size: number
  /** Mark size relative to the "any" icon. */
  markScale: number
  /** Rounded square with transparent corners, or the full opaque square. */
  rounded: boolean
}

const SAMPLES = 4 // 4×4 supersampling for smooth edges

/** RGBA pixels of one icon. */
function renderIcon(brand: Brand, style: IconStyle): Buffer {
  const { size, markScale, rounded } = style
  const mark = MARKS[brand.id]
  const [br, bg, bb] = hexToRgb(brand.colors.primary)
  const pixels = Buffer.alloc(size * size * 4)
  const toBox = 100 / size
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let cover = 0
      let ink = 0
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const p: Point = [(x + (sx + 0.5) / SAMPLES) * toBox, (y + (sy + 0.5) / SAMPLES) * toBox]
          if (rounded && !inRoundedSquare(p, CORNER)) continue
          cover++
          // Mark coordinates: scaled around the centre.
          const m: Point = [50 + (p[0] - 50) / markScale, 50 + (p[1] - 50) / markScale]
          if (inMark(mark, m)) ink++
        }
      }
      const total = SAMPLES * SAMPLES
      const i = (y * size + x) * 4
      const white = cover === 0 ? 0 : ink / cover
      pixels[i] = Math.round(br + (255 - br) * white)
      pixels[i + 1] = Math.round(bg + (255 - bg) * white)
      pixels[i + 2] = Math.round(bb + (255 - bb) * white)
      pixels[i + 3] = Math.round((255 * cover) / total)
    }
  }
  return pixels
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typeAndData) >>> 0)
  return Buffer.concat([length, typeAndData, crc])
}

/** A minimal PNG: 8-bit RGBA, no interlace, filter 0 on every row. */
function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // colour type RGBA
  header[10] = 0 // compression
  header[11] = 0 // filter method
  header[12] = 0 // no interlace
  const stride = width * 4
  const raw = Buffer.alloc((stride + 1) * height)
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0
    rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function svgFavicon(brand: Brand): string {
  const mark = MARKS[brand.id]
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
    `<title>${brand.name}</title>`,
    `<rect width="100" height="100" rx="${CORNER}" fill="${brand.colors.primary}"/>`,
    `<path d="${mark.path}" fill="none" stroke="#FFFFFF" stroke-width="${STROKE}" stroke-linecap="round" stroke-linejoin="round"/>`,
    '</svg>',
    '',
  ].join('\n')
}

function iconPaths(id: BrandId) {
  return {
    any192: `/icons/${id}-192.png`,
    any512: `/icons/${id}-512.png`,
    maskable192: `/icons/${id}-maskable-192.png`,
    maskable512: `/icons/${id}-maskable-512.png`,
    apple: `/icons/${id}-apple-touch-icon.png`,
  }
}

function manifest(brand: Brand): object {
  const icons = iconPaths(brand.id)
  return {
    id: '/',
    name: brand.name,
    short_name: brand.shortName,
    description: brand.description,
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: brand.colors.primary,
    background_color: brand.colors.background,
    categories: ['education'],
    icons: [
      { src: icons.any192, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: icons.any512, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: icons.maskable192, sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: icons.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: brand.favicon, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  }
}

function write(path: string, data: string | Buffer): void {
  const full = join(PUBLIC, path)
  mkdirSync(dirname(full), { recursive: true })
  writeFileSync(full, data)
  console.log(`wrote public${path}`)
}

function png(brand: Brand, path: string, style: IconStyle): void {
  write(path, encodePng(style.size, style.size, renderIcon(brand, style)))
}

for (const brand of Object.values(BRANDS)) {
  const icons = iconPaths(brand.id)
  write(brand.favicon, svgFavicon(brand))
  png(brand, icons.any192, { size: 192, markScale: 1, rounded: true })
  png(brand, icons.any512, { size: 512, markScale: 1, rounded: true })
  png(brand, icons.maskable192, { size: 192, markScale: 0.75, rounded: false })
  png(brand, icons.maskable512, { size: 512, markScale: 0.75, rounded: false })
  png(brand, icons.apple, { size: 180, markScale: 0.9, rounded: false })
  if (icons.apple !== brand.appleTouchIcon) throw new Error(`apple-touch-icon path of ${brand.id}`)
  write(brand.manifest, `${JSON.stringify(manifest(brand), null, 2)}\n`)
}
