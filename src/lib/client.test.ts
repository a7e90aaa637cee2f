import { describe, expect, it, vi } from 'vitest'
import {
  ApiError,
  ContractError,
  DEFAULT_TIMEOUT_MS,
  NetworkError,
  browserTimezoneOffsetHours,
  createApiClient,
  errorMessageFor,
} from './client.ts'
import * as v from 'valibot'
import { contract } from '../contract/contract.ts'
import { defineEndpoint } from '../contract/define.ts'
import { IdempotencyKeyHeaders } from '../contract/schemas/common.ts'
import { MB } from '../contract/uploads.ts'
import { demoStudent } from '../contract/schemas/user.fixture.ts'

const user = demoStudent({ full_name: 'Ana' })

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

function setup(response: Response | Error, token: string | null = 'tok') {
  const requests: Request[] = []
  const onUnauthorized = vi.fn()
  const onMethodNotAllowed = vi.fn()
  const client = createApiClient({
    portalBaseUrl: 'http://portal.test/api/v1',
    driveBaseUrl: () => 'http://drive.test/drive/api/v1/',
    getToken: () => token,
    onUnauthorized,
    onMethodNotAllowed,
    timezoneOffsetHours: () => -3,
    fetch: async (input, init) => {
      requests.push(new Request(input, init))
      if (response instanceof Error) throw response
      return response
    },
  })
  return { client, requests, onUnauthorized, onMethodNotAllowed }
}

/** A client that records what it reports about the server's reachability. */
function observed(fetch: typeof globalThis.fetch, timeoutMs?: number) {
  const reachability: boolean[] = []
  const client = createApiClient({
    portalBaseUrl: '/api/v1',
    driveBaseUrl: () => '/drive/api/v1',
    getToken: () => 'tok',
    onReachability: (reachable) => void reachability.push(reachable),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    fetch,
  })
  return { client, reachability }
}

describe('contract client', () => {
  it('adds the bearer token and the tmz header in hours (D21)', async () => {
    const { client, requests } = setup(json(200, user))
    const me = await client.call(contract.usersMe)
    expect(me.full_name).toBe('Ana')
    expect(requests[0]!.url).toBe('http://portal.test/api/v1/users/me/')
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer tok')
    expect(requests[0]!.headers.get('tmz')).toBe('-3')
  })

  it('sends login as an OAuth2 form without a token (D2)', async () => {
    const { client, requests } = setup(json(200, { access_token: 'x', token_type: 'bearer' }))
    await client.call(contract.loginAccessToken, { body: { username: 'a@example.com', password: 'p w', user_id: '4' } })
    const request = requests[0]!
    expect(request.method).toBe('POST')
    expect(request.headers.get('Authorization')).toBeNull()
    expect(request.headers.get('Content-Type')).toContain('application/x-www-form-urlencoded')
    expect(await request.text()).toBe('username=a%40example.com&password=p+w&user_id=4')
  })

  it("sends the headers an endpoint declares (an outbox write's Idempotency-Key)", async () => {
    const { client, requests } = setup(json(200, { ok: true }))
    const write = defineEndpoint({
      method: 'PUT',
      path: '/teste/',
      service: 'portal',
      access: 'student',
      headers: IdempotencyKeyHeaders,
      response: v.object({ ok: v.boolean() }),
      errors: { useDetail: true, fallback: 'Erro' },
    })
    await client.call(write, { headers: { 'idempotency-key': 'f3b2c1d0-aa' } })
    expect(requests[0]!.headers.get('Idempotency-Key')).toBe('f3b2c1d0-aa')
  })

  it('answers a download as a Blob of the bytes, and its error as the JSON detail', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31])
    const ok = setup(new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/pdf' } }))
    const file = await ok.client.call(contract.downloadAtividade, { params: { id: 3, x: 9 } })
    expect(ok.requests[0]!.url).toBe('http://portal.test/api/v1/turma-aluno-atividades/3/download-atividade/9/')
    expect(file.type).toBe('application/pdf')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes)

    const missing = setup(json(404, { detail: 'Não encontrado' }))
    await expect(missing.client.call(contract.downloadCorrecao, { params: { id: 3, x: 9 } })).rejects.toMatchObject({
      status: 404,
      message: 'Correção não encontrada',
    })
  })

  describe('multipart endpoints', () => {
    const upload = defineEndpoint({
      method: 'POST',
      path: '/teste/{id}/arquivos/',
      service: 'portal',
      access: 'student',
      params: v.object({ id: v.number() }),
      bodyEncoding: 'multipart',
      body: v.object({ descricao: v.string(), dados: v.optional(v.object({ nivel: v.number() })) }),
      multipart: {
        files: {
          arquivo: { maxBytes: 25 * MB, mediaTypes: ['application/pdf', 'image/jpeg'], required: true },
          anexos: { maxBytes: MB, mediaTypes: ['text/plain'], required: false, maxCount: 3 },
        },
      },
      response: v.object({ ok: v.boolean() }),
      errors: { useDetail: true, fallback: 'Erro ao enviar' },
    })

    it('sends the text fields, then each declared file part, as multipart/form-data', async () => {
      const { client, requests } = setup(json(200, { ok: true }))
      const pdf = new File(['%PDF-1.7 conteúdo'], 'redação.pdf', { type: 'application/pdf' })
      const notes = [new File(['um'], 'a.txt', { type: 'text/plain' }), new File(['dois'], 'b.txt', { type: 'text/plain' })]
      await client.call(upload, {
        params: { id: 7 },
        body: { descricao: 'Unidade 3', dados: { nivel: 2 } },
        files: { arquivo: pdf, anexos: notes },
      })

      const request = requests[0]!
      expect(request.url).toBe('http://portal.test/api/v1/teste/7/arquivos/')
      expect(request.headers.get('Authorization')).toBe('Bearer tok')
      // The boundary is the browser's to write: never a Content-Type set by hand.
      expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/)
      const form = await request.formData()
      expect([...form.keys()]).toEqual(['descricao', 'dados', 'arquivo', 'anexos', 'anexos'])
      expect(form.get('descricao')).toBe('Unidade 3')
      // An object field travels as JSON text (a `…_in` field of D28).
      expect(form.get('dados')).toBe('{"nivel":2}')
      const sent = form.get('arquivo') as File
      expect([sent.name, sent.type, await sent.text()]).toEqual(['redação.pdf', 'application/pdf', '%PDF-1.7 conteúdo'])
      expect(await Promise.all(form.getAll('anexos').map((file) => (file as File).text()))).toEqual(['um', 'dois'])
    })

    it("says why a file was refused (413/415): the server's detail, else the declared limits", () => {
      expect(errorMessageFor(upload, 413, { detail: 'O arquivo excede o limite de 25 MB.' })).toBe('O arquivo excede o limite de 25 MB.')
      // A proxy's 413 has no detail; with several parts the text cannot name the limit.
      expect(errorMessageFor(upload, 413, '<html>413 Request Entity Too Large</html>')).toBe('Um dos arquivos é grande demais.')
      expect(errorMessageFor(upload, 415, undefined)).toBe('Um dos arquivos não é de um tipo aceito.')
      const single = { ...upload, multipart: { files: { arquivo: upload.multipart!.files.arquivo } } }
      expect(errorMessageFor(single, 413, undefined)).toBe('O arquivo excede o limite de 25 MB.')
      expect(errorMessageFor(single, 415, undefined)).toBe('Tipo de arquivo não aceito. Envie PDF ou JPEG.')
      // Other statuses keep the endpoint's texts.
      expect(errorMessageFor(upload, 500, undefined)).toBe('Erro ao enviar')
    })

    // Type-level (npm run typecheck; never run): the files follow the declared parts.
    async function typeChecks(client: ReturnType<typeof setup>['client'], file: File) {
      // @ts-expect-error `arquivo` is required
      await client.call(upload, { params: { id: 1 }, body: { descricao: 'x' }, files: {} })
      // @ts-expect-error `anexos` declares maxCount: a list of files
      await client.call(upload, { params: { id: 1 }, body: { descricao: 'x' }, files: { arquivo: file, anexos: file } })
    }
    void typeChecks

    it('throws the 413 as an ApiError with that text', async () => {
      const { client } = setup(json(413, { detail: 'O arquivo excede o limite de 25 MB.' }))
      const file = new File(['x'], 'x.pdf', { type: 'application/pdf' })
      const error = await client
        .call(upload, { params: { id: 1 }, body: { descricao: 'x' }, files: { arquivo: file } })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ApiError)
      expect([(error as ApiError).status, (error as ApiError).message]).toEqual([413, 'O arquivo excede o limite de 25 MB.'])
    })
  })

  it('calls drive endpoints on the drive base URL with JSON', async () => {
    const { client, requests } = setup(json(200, { detail: 'Senha atualizada com sucesso.', access_token: 'novo', token_type: 'bearer' }))
    await client.call(contract.updatePasswordPortal, { body: { current_password: 'a', new_password: 'abcdefgh' } })
    expect(requests[0]!.url).toBe('http://drive.test/drive/api/v1/users/me/update-password/portal/')
    expect(requests[0]!.method).toBe('PUT')
    expect(requests[0]!.headers.get('Content-Type')).toBe('application/json')
  })

  it('maps a 400 on login to the SPEC §8 text, whatever the server said', async () => {
    const { client } = setup(json(400, { detail: 'Incorrect email or password' }))
    const error = await client.call(contract.loginAccessToken, { body: { username: 'a', password: 'b' } }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe('Usuário ou senha incorreta.')
    expect((error as ApiError).status).toBe(400)
  })

  it('uses the server detail, else the fallback, for other login errors', () => {
    expect(errorMessageFor(contract.loginAccessToken, 500, { detail: 'Servidor em manutenção' })).toBe('Servidor em manutenção')
    expect(errorMessageFor(contract.loginAccessToken, 500, 'Bad gateway')).toBe('Erro ao efetuar login')
    expect(errorMessageFor(contract.loginAccessToken, 422, { detail: [{ loc: ['body', 'username'], msg: 'x', type: 'y' }] })).toBe(
      'Erro ao efetuar login',
    )
    expect(errorMessageFor(contract.updatePasswordPortal, 400, { detail: { message: 'Senha fraca' } })).toBe('Senha fraca')
  })

  it('a 401 on an authenticated call triggers logout, told the body (an ended session says so)', async () => {
    const { client, onUnauthorized } = setup(json(401, { detail: 'Sua sessão foi encerrada' }))
    await expect(client.call(contract.usersMe)).rejects.toBeInstanceOf(ApiError)
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith({ detail: 'Sua sessão foi encerrada' })
  })

  it('a call with its own token sends that one, and its 401 logs nobody out (a queued logout)', async () => {
    const { client, requests, onUnauthorized } = setup(json(401, { detail: 'Sua sessão foi encerrada' }), 'signed-in')
    await expect(client.call(contract.logout, { token: 'queued' })).rejects.toMatchObject({ status: 401 })
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer queued')
    expect(onUnauthorized).not.toHaveBeenCalled()
  })

  it('a 405 sends the browser to the dashboard', async () => {
    const { client, onMethodNotAllowed } = setup(json(405, { detail: 'Method Not Allowed' }))
    await expect(client.call(contract.usersMe)).rejects.toBeInstanceOf(ApiError)
    expect(onMethodNotAllowed).toHaveBeenCalledOnce()
  })

  it('turns an unreachable server into a NetworkError with a Portuguese message', async () => {
    const { client } = setup(new TypeError('Failed to fetch'))
    const error = await client.call(contract.usersMe).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as Error).message).toMatch(/Não foi possível conectar ao servidor/)
  })

  it('rejects a response the contract does not allow', async () => {
    const { client } = setup(json(200, { id: 'not-a-number' }))
    await expect(client.call(contract.usersMe)).rejects.toBeInstanceOf(ContractError)
  })

  it('computes tmz from the UTC offset', () => {
    const date = new Date()
    expect(browserTimezoneOffsetHours(date)).toBe(-date.getTimezoneOffset() / 60)
  })

  describe('timeouts (issue 7: lie-fi never means waiting forever)', () => {
    /** A server that accepts the request and never answers, like lie-fi. */
    function hanging(timeoutMs?: number) {
      return observed(
        (_input, init) =>
          new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error))),
        timeoutMs,
      )
    }

    it('ends a call without an answer with a NetworkError after the default limit', async () => {
      vi.useFakeTimers()
      try {
        const { client, reachability } = hanging()
        const outcome = client.call(contract.usersMe).catch((e: unknown) => e)
        await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1)
        expect(reachability).toEqual([])
        await vi.advanceTimersByTimeAsync(1)
        expect(await outcome).toBeInstanceOf(NetworkError)
        expect(reachability).toEqual([false])
      } finally {
        vi.useRealTimers()
      }
    })

    it('takes a limit per call (uploads need longer) over the client default', async () => {
      const { client } = hanging(60_000)
      const started = Date.now()
      const error = await client.call(contract.usersMe, { timeoutMs: 50 }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(NetworkError)
      expect(Date.now() - started).toBeLessThan(5_000)
    })
  })

  describe('conditional GET (issue 7: an unchanged entity costs a 304)', () => {
    const financeiro = { parcelas: [], totais: { pago: 0, aberto: 0, vencido: 0 } }

    it('sends If-None-Match with the stored ETag and reports a 304 as not modified', async () => {
      const { client, requests } = setup(new Response(null, { status: 304, headers: { ETag: '"v1"' } }))
      const answer = await client.callConditional(contract.financeiro, '"v1"')
      expect(answer).toEqual({ notModified: true })
      expect(requests[0]!.headers.get('If-None-Match')).toBe('"v1"')
    })

    it('returns the new body with its ETag when the entity changed', async () => {
      const { client, requests } = setup(
        new Response(JSON.stringify(financeiro), { status: 200, headers: { ETag: '"v2"', 'Content-Type': 'application/json' } }),
      )
      const answer = await client.callConditional(contract.financeiro, '"v1"')
      expect(answer).toEqual({ notModified: false, data: financeiro, etag: '"v2"' })
      expect(requests[0]!.headers.get('If-None-Match')).toBe('"v1"')
    })

    it('sends no If-None-Match without a stored ETag, and a plain call never does', async () => {
      const first = setup(json(200, financeiro))
      expect(await first.client.callConditional(contract.financeiro, null)).toEqual({ notModified: false, data: financeiro, etag: null })
      expect(first.requests[0]!.headers.has('If-None-Match')).toBe(false)
      const plain = setup(json(200, financeiro))
      await plain.client.call(contract.financeiro)
      expect(plain.requests[0]!.headers.has('If-None-Match')).toBe(false)
    })
  })

  it('reports whether the server answered: any answer but a gateway down counts', async () => {
    for (const [response, reachable] of [
      [json(404, { detail: 'Não encontrado' }), true],
      [json(503, { detail: 'Indisponível' }), false],
      [new TypeError('Failed to fetch'), false],
      [json(200, user), true],
    ] as const) {
      const { client, reachability } = observed(async () => {
        if (response instanceof Error) throw response
        return response
      })
      await client.call(contract.usersMe).catch(() => {})
      expect(reachability).toEqual([reachable])
    }
  })
})
