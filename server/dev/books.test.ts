import { describe, expect, it } from 'vitest'
import { DEMO_BOOK_COPIES, DEMO_EMPTY_BOOK_UUID, DEMO_NEW_BOOK_UUID } from '../areas/books/seed.ts'
import { createTestApp, testAppForFile } from '../test/app.ts'

const t = testAppForFile()

describe("/dev/books (D8: the demo's empty books with their QR codes)", () => {
  it("shows every empty demo book with its code and an SVG QR code, and no one's book", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/books' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    const html = response.body
    expect(html).toContain('<h1>Livros sem dono</h1>')
    expect(html).toContain(`<code>${DEMO_EMPTY_BOOK_UUID}</code>`)
    expect(html).toContain(`aria-label="QR code do livro ${DEMO_EMPTY_BOOK_UUID}"`)
    const empties = DEMO_BOOK_COPIES.filter((copy) => copy.owner === null)
    expect(html.match(/<svg /g)).toHaveLength(empties.length)
    expect(html).not.toContain(DEMO_NEW_BOOK_UUID)
  })

  it('does not exist in production', async () => {
    const production = await createTestApp({ production: true })
    try {
      expect((await production.app.inject({ method: 'GET', url: '/dev/books' })).statusCode).toBe(404)
    } finally {
      await production.close()
    }
  })
})
