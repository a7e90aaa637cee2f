// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { inflateSync } from 'node:zlib'
import { beforeEach, describe, expect, it } from 'vitest'
import { applyBrand, BRANDS, brandFromHostname, type Brand } from './brand.ts'
import { contrastRatio as contrast, hexToRgb } from '../ui/contrast.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const PUBLIC = join(ROOT, 'public')

describe('brandFromHostname (D5)', () => {
  it('selects phenom when the hostname contains "phenom"', () => {
    expect(brandFromHostname('portal.phenom.com.br').id).toBe('phenom')
    expect(brandFromHostname('phenomidiomas.com.br').id).toBe('phenom')
    expect(brandFromHostname('aluno.londonbyphenom.com').id).toBe('phenom')
    expect(brandFromHostname('PORTAL.PHENOM.COM.BR').id).toBe('phenom')
  })

  it('defaults to knn for every other host', () => {
    expect(brandFromHostname('portal.knnidiomas.com.br').id).toBe('knn')
    expect(brandFromHostname('localhost').id).toBe('knn')
    expect(brandFromHostname('127.0.0.1').id).toBe('knn')
    expect(brandFromHostname('').id).toBe('knn')
  })

  it('has the names and primary colours of SPEC §1/§9', () => {
    expect(BRANDS.knn).toMatchObject({ name: 'KNN Idiomas', shortName: 'KNN', franchise: true })
    expect(BRANDS.knn.colors.primary).toBe('#3E009F')
    expect(BRANDS.phenom).toMatchObject({ name: 'Phenom Idiomas', shortName: 'Phenom', franchise: false })
    expect(BRANDS.phenom.colors.primary).toBe('#F70052')
  })
})

describe('applyBrand', () => {
  beforeEach(() => {
    document.head.innerHTML = ''
    document.documentElement.removeAttribute('style')
    document.title = ''
  })

  function head(selector: string): Element | null {
    return document.head.querySelector(selector)
  }

  it('creates the head tags when missing', () => {
    applyBrand(BRANDS.phenom, document)
    const root = document.documentElement
    expect(root.dataset.brand).toBe('phenom')
    expect(root.style.getPropertyValue('--brand-primary')).toBe('#F70052')
    expect(root.style.getPropertyValue('--brand-primary-strong')).toBe('#D10047')
    expect(root.style.getPropertyValue('--brand-on-primary')).toBe('#FFFFFF')
    expect(root.style.getPropertyValue('--brand-dark-primary-strong')).toBe('#FFB0C2')
    expect(root.style.getPropertyValue('--brand-dark-on-primary')).toBe('#1D1B20')
    // The stylesheet chooses the scheme: no colour token is set inline, where it would win over its media query.
    expect(root.style.getPropertyValue('--color-primary')).toBe('')
    expect(head('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')?.getAttribute('content')).toBe('#F70052')
    expect(head('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')?.getAttribute('content')).toBe('#1D1B20')
    expect(head('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest-phenom.webmanifest')
    expect(head('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon-phenom.svg')
    expect(head('link[rel="apple-touch-icon"]')?.getAttribute('href')).toBe('/icons/phenom-apple-touch-icon.png')
    expect(head('meta[name="apple-mobile-web-app-title"]')?.getAttribute('content')).toBe('Phenom')
    expect(document.title).toBe('Phenom Idiomas · Portal do aluno')
  })

  it('updates the tags of index.html in place, without duplicates', () => {
    document.head.innerHTML = `
      <meta name="theme-color" media="(prefers-color-scheme: light)" content="#3E009F" />
      <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#1D1B20" />
      <link rel="icon" href="/favicon-knn.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/icons/knn-192.png" />
      <link rel="manifest" href="/manifest-knn.webmanifest" />`
    applyBrand(BRANDS.phenom, document)
    applyBrand(BRANDS.phenom, document)
    expect(document.head.querySelectorAll('meta[name="theme-color"]')).toHaveLength(2)
    expect(document.head.querySelectorAll('link[rel="manifest"]')).toHaveLength(1)
    expect(document.head.querySelectorAll('link[rel="icon"]')).toHaveLength(1)
    expect(head('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest-phenom.webmanifest')
    applyBrand(BRANDS.knn, document)
    expect(head('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')?.getAttribute('content')).toBe('#3E009F')
    expect(head('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon-knn.svg')
    expect(document.documentElement.style.getPropertyValue('--brand-primary')).toBe('#3E009F')
    expect(document.title).toBe('KNN Idiomas · Portal do aluno')
  })
})

// ---- Colour contrast of the brand tokens (WCAG 2.x relative luminance) ----

describe.each(Object.values(BRANDS))('brand $id colours', (brand: Brand) => {
  it('white text on primary-strong and primary-strong text on white reach 4.5:1', () => {
    expect(contrast(brand.colors.primaryStrong, brand.colors.onPrimary)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(brand.colors.primaryStrong, '#FFFFFF')).toBeGreaterThanOrEqual(4.5)
    // page background of styles.css
    expect(contrast(brand.colors.primaryStrong, '#F5F5F8')).toBeGreaterThanOrEqual(4.5)
  })

  it('the brand colour itself reaches 3:1 for icons and focus rings', () => {
    expect(contrast(brand.colors.primary, '#FFFFFF')).toBeGreaterThanOrEqual(3)
  })

  it('text stays readable on the soft tint', () => {
    expect(contrast('#1D1B20', brand.colors.primarySoft)).toBeGreaterThanOrEqual(4.5)
  })

  // The dark scheme's surfaces and text of styles.css (issue 40 item 9).
  it('dark scheme: text on primary-strong, primary-strong text on the dark surfaces, accents and the soft tint reach AA', () => {
    const { dark } = brand.colors
    expect(contrast(dark.primaryStrong, dark.onPrimary)).toBeGreaterThanOrEqual(4.5)
    for (const surface of ['#1D1B20', '#141218', '#2B2930']) expect(contrast(dark.primaryStrong, surface)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(dark.primary, '#1D1B20')).toBeGreaterThanOrEqual(3)
    expect(contrast(dark.primary, '#141218')).toBeGreaterThanOrEqual(3)
    expect(contrast('#E6E1E5', dark.primarySoft)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(dark.primaryStrong, dark.primarySoft)).toBeGreaterThanOrEqual(4.5)
  })
})

/** Every stylesheet under src/, with its rules as [selector, declarations]. */
function stylesheetRules(): { file: string; selector: string; body: string }[] {
  const files = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.css'))
  expect(files.length).toBeGreaterThan(3)
  return files.flatMap((file) => {
    const css = readFileSync(join(ROOT, 'src', file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
    return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({ file, selector: (m[1] ?? '').trim(), body: m[2] ?? '' }))
  })
}

// phenom's own pink (#F70052) reaches only 4.1:1 with white, so no text may be drawn in
// it or on it; text uses --color-primary-strong, which the tests above hold at 4.5:1.
it('no stylesheet draws text in the exact brand colour or white text on it', () => {
  const offending = stylesheetRules()
    .filter(({ body }) => {
      const textInPrimary = /(^|[;\s])color:\s*var\(--color-primary\)/.test(body)
      const whiteOnPrimary =
        /(^|[;\s])color:\s*var\(--color-on-primary\)/.test(body) && !/background(-color)?:\s*var\(--color-primary-strong\)/.test(body)
      return textInPrimary || whiteOnPrimary
    })
    .map(({ file, selector }) => `${file}: ${selector}`)
  expect(offending).toEqual([])
})

it('styles.css falls back to brand knn in both schemes', () => {
  const css = readFileSync(join(ROOT, 'src/ui/styles.css'), 'utf8')
  const { colors } = BRANDS.knn
  const light = (token: string) =>
    new RegExp(`--color-${token}:\\s*var\\(--brand-${token},\\s*(#[0-9a-f]{6})\\)`, 'i').exec(css)?.[1]?.toUpperCase()
  const dark = (token: string) =>
    new RegExp(`--color-${token}:\\s*var\\(--brand-dark-${token},\\s*(#[0-9a-f]{6})\\)`, 'i').exec(css)?.[1]?.toUpperCase()
  expect([light('primary'), light('primary-strong'), light('on-primary'), light('primary-soft')]).toEqual([
    colors.primary,
    colors.primaryStrong,
    colors.onPrimary,
    colors.primarySoft,
  ])
  expect([dark('primary'), dark('primary-strong'), dark('on-primary'), dark('primary-soft')]).toEqual([
    colors.dark.primary,
    colors.dark.primaryStrong,
    colors.dark.onPrimary,
    colors.dark.primarySoft,
  ])
})

// ---- public/: manifests, favicons and icons ----

interface Png {
  width: number
  height: number
  pixel: (x: number, y: number) => [number, number, number, number]
}

/** Decodes the RGBA, filter-0 PNGs written by scripts/make-icons.ts. */
function readPng(path: string): Png {
  const data = readFileSync(path)
  expect(data.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  let offset = 8
  let width = 0
  let height = 0
  const idat: Buffer[] = []
  while (offset < data.length) {
    const length = data.readUInt32BE(offset)
    const type = data.toString('ascii', offset + 4, offset + 8)
    const body = data.subarray(offset + 8, offset + 8 + length)
    if (type === 'IHDR') {
      width = body.readUInt32BE(0)
      height = body.readUInt32BE(4)
      expect([body[8], body[9]]).toEqual([8, 6])
    }
    if (type === 'IDAT') idat.push(body)
    offset += 12 + length
  }
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * 4 + 1
  for (let y = 0; y < height; y++) {
    if (raw[y * stride] !== 0) throw new Error(`${path}: row ${y} uses a PNG filter`)
  }
  return {
    width,
    height,
    pixel: (x, y) => {
      const i = y * stride + 1 + x * 4
      return [raw[i] ?? 0, raw[i + 1] ?? 0, raw[i + 2] ?? 0, raw[i + 3] ?? 0]
    },
  }
}

interface ManifestIcon {
  src: string
  sizes: string
  type: string
  purpose: string
}

describe.each(Object.values(BRANDS))('public assets of $id', (brand: Brand) => {
  const manifest = JSON.parse(readFileSync(join(PUBLIC, brand.manifest), 'utf8')) as {
    icons: ManifestIcon[]
    [key: string]: unknown
  }

  it('has a complete manifest', () => {
    expect(manifest).toMatchObject({
      name: brand.name,
      short_name: brand.shortName,
      lang: 'pt-BR',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: brand.colors.primary,
      background_color: brand.colors.background,
    })
    expect(manifest.description).toMatch(/Portal do aluno/)
    const png = manifest.icons.filter((i) => i.type === 'image/png')
    expect(png.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable'])
  })

  it('lists PNG icons that exist with the declared size', () => {
    for (const icon of manifest.icons.filter((i) => i.type === 'image/png')) {
      const png = readPng(join(PUBLIC, icon.src))
      expect(`${png.width}x${png.height}`).toBe(icon.sizes)
    }
    const apple = readPng(join(PUBLIC, brand.appleTouchIcon))
    expect([apple.width, apple.height]).toEqual([180, 180])
  })

  it('draws the brand colour with a white mark', () => {
    const png = readPng(join(PUBLIC, `icons/${brand.id}-512.png`))
    expect(png.pixel(256, 10).slice(0, 3)).toEqual(hexToRgb(brand.colors.primary))
    expect(png.pixel(0, 0)[3]).toBe(0) // rounded corner is transparent
    const whites = countWhite(png)
    expect(whites).toBeGreaterThan(512 * 512 * 0.05)
  })

  it('keeps the maskable mark inside the safe zone and the square opaque', () => {
    for (const size of [192, 512]) {
      const png = readPng(join(PUBLIC, `icons/${brand.id}-maskable-${size}.png`))
      const c = size / 2
      let farthest = 0
      let transparent = 0
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          const [r, g, b, a] = png.pixel(x, y)
          if (a !== 255) transparent++
          if (r > 240 && g > 240 && b > 240) {
            farthest = Math.max(farthest, Math.hypot(x + 0.5 - c, y + 0.5 - c))
          }
        }
      }
      expect(transparent).toBe(0)
      expect(farthest).toBeGreaterThan(0)
      // Safe zone: circle of radius 40% of the icon.
      expect(farthest / size).toBeLessThan(0.4)
    }
  })

  it('has an SVG favicon in the brand colour', () => {
    const svg = readFileSync(join(PUBLIC, brand.favicon), 'utf8')
    expect(svg).toContain('<svg xmlns="http://www.w3.org/2000/svg"')
    expect(svg).toContain(`fill="${brand.colors.primary}"`)
  })
})

function countWhite(png: Png): number {
  let n = 0
  for (let y = 0; y < png.height; y += 2) {
    for (let x = 0; x < png.width; x += 2) {
      const [r, g, b] = png.pixel(x, y)
      if (r > 240 && g > 240 && b > 240) n++
    }
  }
  return n * 4
}
