import { describe, expect, it } from 'vitest'
import { mailLinkBase } from './links.ts'

const request = (host: string, protocol: 'http' | 'https' = 'https') => ({ host, hostname: host.replace(/:\d+$/, ''), protocol })

describe('mailLinkBase', () => {
  it('without PORTAL_PUBLIC_URLS: the brand’s localhost origin on the server’s port, whatever host was asked (issue 36)', () => {
    const local = { portalPublicUrls: null }
    expect(mailLinkBase(local, request('localhost:8080', 'http'), 8080)).toEqual({ origin: 'http://localhost:8080', brand: 'knn' })
    expect(mailLinkBase(local, request('phenom.localhost:8080', 'http'), 8080)).toEqual({
      origin: 'http://phenom.localhost:8080',
      brand: 'phenom',
    })
    // A forged Host never becomes the link; its brand still picks the brand's own host.
    expect(mailLinkBase(local, request('attacker.example'), 8080)).toEqual({ origin: 'http://localhost:8080', brand: 'knn' })
    expect(mailLinkBase(local, request('phenom.attacker.example:9999'), 3000)).toEqual({
      origin: 'http://phenom.localhost:3000',
      brand: 'phenom',
    })
    // Port 80 needs no port in the link.
    expect(mailLinkBase(local, request('attacker.example'), 80).origin).toBe('http://localhost')
  })

  it('with PORTAL_PUBLIC_URLS: the same host, else the first of the brand, else the first', () => {
    const config = { portalPublicUrls: ['https://portal.knn.com.br', 'https://aluno.phenom.com.br', 'https://portal.phenom.com.br'] }
    expect(mailLinkBase(config, request('portal.phenom.com.br'), 443)).toEqual({ origin: 'https://portal.phenom.com.br', brand: 'phenom' })
    expect(mailLinkBase(config, request('phenom.attacker.example'), 443)).toEqual({
      origin: 'https://aluno.phenom.com.br',
      brand: 'phenom',
    })
    expect(mailLinkBase(config, request('attacker.example'), 443)).toEqual({ origin: 'https://portal.knn.com.br', brand: 'knn' })
    // No public phenom host: the link opens knn's, and the e-mail says KNN like the page it opens.
    expect(mailLinkBase({ portalPublicUrls: ['https://portal.knn.com.br'] }, request('phenom.localhost'), 443)).toEqual({
      origin: 'https://portal.knn.com.br',
      brand: 'knn',
    })
  })
})
