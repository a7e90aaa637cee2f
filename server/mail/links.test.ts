import { describe, expect, it } from 'vitest'
import { mailLinkBase } from './links.ts'

const request = (host: string, protocol: 'http' | 'https' = 'https') => ({ host, hostname: host.replace(/:\d+$/, ''), protocol })

describe('mailLinkBase (P68)', () => {
  it('without PORTAL_PUBLIC_URLS: the request’s own origin and the brand of its host', () => {
    expect(mailLinkBase({ portalPublicUrls: null }, request('localhost:8080', 'http'))).toEqual({
      origin: 'http://localhost:8080',
      brand: 'knn',
    })
    expect(mailLinkBase({ portalPublicUrls: null }, request('phenom.localhost:8080', 'http'))).toEqual({
      origin: 'http://phenom.localhost:8080',
      brand: 'phenom',
    })
  })

  it('with PORTAL_PUBLIC_URLS: the same host, else the first of the brand, else the first', () => {
    const config = { portalPublicUrls: ['https://portal.knn.com.br', 'https://aluno.phenom.com.br', 'https://portal.phenom.com.br'] }
    expect(mailLinkBase(config, request('portal.phenom.com.br'))).toEqual({ origin: 'https://portal.phenom.com.br', brand: 'phenom' })
    expect(mailLinkBase(config, request('phenom.attacker.example'))).toEqual({ origin: 'https://aluno.phenom.com.br', brand: 'phenom' })
    expect(mailLinkBase(config, request('attacker.example'))).toEqual({ origin: 'https://portal.knn.com.br', brand: 'knn' })
    // No public phenom host: the link opens knn's, and the e-mail says KNN like the page it opens.
    expect(mailLinkBase({ portalPublicUrls: ['https://portal.knn.com.br'] }, request('phenom.localhost'))).toEqual({
      origin: 'https://portal.knn.com.br',
      brand: 'knn',
    })
  })
})
