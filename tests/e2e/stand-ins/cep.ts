// Stand-in for the postal-code service (D18, an outside system): a local HTTP service that
// answers `GET /ws/{cep}/json/` the way ViaCEP does, for a few known codes, and records the
// requests so a test can check what the browser sent (never `tmz`). Nothing is forwarded.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Known codes, as ViaCEP answers them (abridged). */
export const STAND_IN_ADDRESSES: Readonly<Record<string, { logradouro: string; bairro: string; localidade: string; uf: string }>> = {
  '01310100': { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' },
  '20040002': { logradouro: 'Avenida Rio Branco', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ' },
  '30130010': { logradouro: 'Avenida Afonso Pena', bairro: 'Centro', localidade: 'Belo Horizonte', uf: 'MG' },
  // A town with one code for every street: ViaCEP gives no street.
  '39270000': { logradouro: '', bairro: '', localidade: 'Pirapora', uf: 'MG' },
}
/** Never answered: the connection stays open (a slow or hung service). */
export const STAND_IN_HANGING_CEP = '11111111'
/** Answered 500. */
export const STAND_IN_BROKEN_CEP = '22222222'
/** The connection is closed without an answer (the service cannot be reached). */
export const STAND_IN_UNREACHABLE_CEP = '33333333'

export interface CepStandIn {
  url: string
  requests: { path: string; headers: IncomingHttpHeaders }[]
  close(): Promise<void>
}

export async function startCepStandIn(port = 0): Promise<CepStandIn> {
  const requests: CepStandIn['requests'] = []
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, OPTIONS' }
  const server = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end()
      return
    }
    requests.push({ path: request.url ?? '', headers: request.headers })
    const match = /^\/ws\/([^/]*)\/json\/$/.exec(request.url ?? '')
    if (request.method !== 'GET' || !match) {
      response.writeHead(404, cors).end()
      return
    }
    const cep = match[1]!
    if (cep === STAND_IN_HANGING_CEP) return
    if (cep === STAND_IN_UNREACHABLE_CEP) {
      request.socket.destroy()
      return
    }
    if (cep === STAND_IN_BROKEN_CEP) {
      response.writeHead(500, cors).end('erro interno')
      return
    }
    const json = { ...cors, 'content-type': 'application/json; charset=utf-8' }
    if (!/^\d{8}$/.test(cep)) {
      response.writeHead(400, json).end('{"erro": "true"}')
      return
    }
    const address = STAND_IN_ADDRESSES[cep]
    const body = address ? { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, complemento: '', ...address } : { erro: true }
    response.writeHead(200, json).end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: bound } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
