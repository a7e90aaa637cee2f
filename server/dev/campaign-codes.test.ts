import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import { DEMO_CAMPAIGN_CODES } from '../areas/travel-campaign/seed.ts'
import { createTestApp, testAppForFile } from '../test/app.ts'

const t = testAppForFile()

describe('/dev/campanha (issue 14 demo: the campaign codes as printable QR codes)', () => {
  it("shows the three demo codes, each a QR code of its full printed URL on this server's origin", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/campanha', headers: { host: 'portal.test:8350' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    const html = response.body
    expect(html.match(/<svg /g)).toHaveLength(DEMO_CAMPAIGN_CODES.length)
    const urls = [...html.matchAll(/<a href="(http:\/\/portal\.test:8350\/at-home\/scanear-qr-code\/\d+\/[A-Z-]+\/)">/g)].map((m) => m[1]!)
    expect(urls.map((url) => url.split('/').at(-2))).toEqual(DEMO_CAMPAIGN_CODES.map((code) => code.codigo))
    for (const url of urls) {
      // The image is exactly the QR code of that URL.
      const svg = await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
      expect(html).toContain(svg)
    }
  })

  it('does not exist in production', async () => {
    const production = await createTestApp({ production: true })
    try {
      expect((await production.app.inject({ method: 'GET', url: '/dev/campanha' })).statusCode).toBe(404)
    } finally {
      await production.close()
    }
  })
})
