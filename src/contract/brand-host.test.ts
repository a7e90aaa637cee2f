import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { brandIdForHost, brandShellHtml } from './brand-host.ts'

// The real shell the build starts from.
const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8')

describe('the brand of a host and its app shell (D5)', () => {
  it('picks phenom for any host containing "phenom", knn otherwise', () => {
    expect(brandIdForHost('phenom.localhost')).toBe('phenom')
    expect(brandIdForHost('portal.Phenom.com.br')).toBe('phenom')
    expect(brandIdForHost('localhost')).toBe('knn')
    expect(brandIdForHost('portal.knn.com.br')).toBe('knn')
  })

  it('keeps the shell as it is on a knn host', () => {
    expect(brandShellHtml(html, 'localhost')).toBe(html)
  })

  it("names phenom's manifest, favicon, icons, colour and name on a phenom host", () => {
    const branded = brandShellHtml(html, 'phenom.localhost')
    expect(branded).toContain('href="/manifest-phenom.webmanifest"')
    expect(branded).toContain('href="/favicon-phenom.svg"')
    expect(branded).toContain('href="/icons/phenom-192.png"')
    expect(branded).toContain('<meta name="theme-color" media="(prefers-color-scheme: light)" content="#F70052"')
    expect(branded).toContain('<title>Phenom Idiomas')
    expect(branded).not.toMatch(/(manifest|favicon)-knn|icons\/knn-|#3E009F|KNN Idiomas/i)
    expect(branded).toContain('src="/src/app/main.tsx"')
  })
})
