import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startCepStandIn,
  STAND_IN_BROKEN_CEP,
  STAND_IN_HANGING_CEP,
  STAND_IN_UNREACHABLE_CEP,
  type CepStandIn,
} from '../../tests/e2e/stand-ins/cep.ts'
import { cepLookupUrl, lookupCep } from './cep-lookup.ts'

// Against a local stand-in of the postal-code service (D18), over real HTTP.
let standIn: CepStandIn
beforeAll(async () => {
  standIn = await startCepStandIn()
})
afterAll(() => standIn.close())

describe('lookupCep (D18)', () => {
  it('finds the address of a known CEP, asking without tmz or credentials', async () => {
    expect(await lookupCep('01310100', { baseUrl: standIn.url })).toEqual({
      status: 'found',
      street: 'Avenida Paulista',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    })
    const request = standIn.requests.at(-1)!
    expect(request.path).toBe('/ws/01310100/json/')
    expect(request.headers).not.toHaveProperty('tmz')
    expect(request.headers).not.toHaveProperty('authorization')
    expect(request.headers).not.toHaveProperty('cookie')
  })

  it('keeps a base path and drops a trailing slash of the configured URL', () => {
    expect(cepLookupUrl('https://cep.example.com/base/', '01310100')).toBe('https://cep.example.com/base/ws/01310100/json/')
  })

  it('a town-wide CEP is found without a street', async () => {
    expect(await lookupCep('39270000', { baseUrl: standIn.url })).toEqual({
      status: 'found',
      street: '',
      district: '',
      city: 'Pirapora',
      state: 'MG',
    })
  })

  it('an unknown CEP is not found; a malformed one is never sent', async () => {
    expect(await lookupCep('99999999', { baseUrl: standIn.url })).toEqual({ status: 'notFound' })
    const before = standIn.requests.length
    expect(await lookupCep('0131', { baseUrl: standIn.url })).toEqual({ status: 'notFound' })
    expect(standIn.requests.length).toBe(before)
  })

  it('a failing, slow or unreachable service is unavailable, never an exception', async () => {
    expect(await lookupCep(STAND_IN_BROKEN_CEP, { baseUrl: standIn.url })).toEqual({ status: 'unavailable' })
    expect(await lookupCep(STAND_IN_UNREACHABLE_CEP, { baseUrl: standIn.url })).toEqual({ status: 'unavailable' })
    expect(await lookupCep(STAND_IN_HANGING_CEP, { baseUrl: standIn.url, timeoutMs: 200 })).toEqual({ status: 'unavailable' })
    const closed = await startCepStandIn()
    await closed.close()
    expect(await lookupCep('01310100', { baseUrl: closed.url })).toEqual({ status: 'unavailable' })
    expect(await lookupCep('01310100', { baseUrl: 'http://127.0.0.1:1' })).toEqual({ status: 'unavailable' })
  })

  it('an answer that is not ViaCEP JSON is unavailable', async () => {
    const html = async () => new Response('<html>manutenção</html>', { status: 200 })
    expect(await lookupCep('01310100', { baseUrl: standIn.url, fetch: html })).toEqual({ status: 'unavailable' })
  })

  it('stops when the caller no longer needs it (the CEP changed)', async () => {
    const controller = new AbortController()
    const pending = lookupCep(STAND_IN_HANGING_CEP, { baseUrl: standIn.url, signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toThrow()
  })
})
