import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * What the install sheet shows (issue 40 item 10): each brand's manifest has shortcuts to
 * screens the router knows and screenshots for a phone and a computer whose files exist with
 * the sizes the manifest declares (browsers drop a screenshot whose size does not match).
 */

interface Manifest {
  shortcuts?: { name: string; short_name?: string; url: string; icons?: { src: string; sizes: string }[] }[]
  screenshots?: { src: string; sizes: string; type: string; form_factor?: string; label?: string }[]
}

const routeTree = readFileSync('src/app/route-tree.gen.ts', 'utf8')

/** Width × height from a JPEG's start-of-frame segment. */
function jpegSize(path: string): string {
  const bytes = readFileSync(path)
  let at = 2
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) {
      at++
      continue
    }
    const marker = bytes[at + 1]!
    if (marker >= 0xc0 && marker <= 0xc2) return `${bytes.readUInt16BE(at + 7)}x${bytes.readUInt16BE(at + 5)}`
    at += 2 + bytes.readUInt16BE(at + 2)
  }
  throw new Error(`${path}: no frame header`)
}

describe.each(['knn', 'phenom'])('manifest-%s.webmanifest', (brand) => {
  const manifest = JSON.parse(readFileSync(`public/manifest-${brand}.webmanifest`, 'utf8')) as Manifest

  it('offers Financeiro, Minhas turmas and Envios pendentes as shortcuts to routes the app has', () => {
    expect(manifest.shortcuts?.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
      ['Financeiro', '/financial'],
      ['Minhas turmas', '/pedagogico/list'],
      ['Envios pendentes', '/envios-pendentes'],
    ])
    for (const shortcut of manifest.shortcuts!) {
      expect(routeTree, shortcut.url).toContain(`fullPath: '${shortcut.url}'`)
      for (const icon of shortcut.icons ?? []) expect(existsSync(`public${icon.src}`), icon.src).toBe(true)
    }
  })

  it('shows a phone and a computer screenshot, each file the size it declares', () => {
    const screenshots = manifest.screenshots ?? []
    expect(screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide'])
    for (const shot of screenshots) {
      expect(shot.src).toMatch(new RegExp(`^/screenshots/${brand}-`))
      expect(shot.type).toBe('image/jpeg')
      expect(shot.label).toBeTruthy()
      expect(jpegSize(`public${shot.src}`)).toBe(shot.sizes)
      const [width, height] = shot.sizes.split('x').map(Number) as [number, number]
      // Chromium's rule for the richer install sheet: the long side at most 2.3× the short one.
      expect(Math.max(width, height) / Math.min(width, height)).toBeLessThanOrEqual(2.3)
      expect(shot.form_factor === 'wide' ? width > height : height > width).toBe(true)
    }
  })
})
