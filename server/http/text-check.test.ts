import { join } from 'node:path'
import { count } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTROL_CHARACTERS_MESSAGE } from '../../src/contract/schemas/common.ts'
import { pushSendings } from '../areas/push/schema.ts'
import { createAccount, type TestAccount } from '../test/accounts.ts'
import { bearer, createTestApp, storedUser, type TestApp } from '../test/app.ts'
import { filesOnDisk, MULTIPART_TYPE, multipartPayload, sampleFile } from '../test/multipart.ts'
import { INVALID_TEXT_MESSAGE, MAX_ISSUES, textIssues, textProblem } from './text-check.ts'

/** FF FE C3: no UTF-8 decoder reads these as text (issue 36 item 5). */
const INVALID_BYTES = Buffer.from([0xff, 0xfe, 0xc3])
const MARK = '@@bytes-invalidos@@'

/** `text` as bytes, with every MARK replaced by INVALID_BYTES. */
function withInvalidBytes(text: string): Buffer {
  const pieces = text.split(MARK).map((piece) => Buffer.from(piece))
  return Buffer.concat(pieces.flatMap((piece, index) => (index === 0 ? [piece] : [INVALID_BYTES, piece])))
}

describe('textProblem', () => {
  it('passes any well-formed text: accents, emoji (a surrogate pair), tab and line breaks', () => {
    for (const text of ['', 'Conceição', 'olá 👋🏽', 'linha 1\nlinha 2\r\n\tfim', '中文']) expect(textProblem(text), text).toBeNull()
  })

  it('refuses a lone surrogate, high or low, anywhere in the text', () => {
    for (const text of ['\ud800', 'a\udbffb', '\udc00', 'x\udfff', '👋\ud83d', '\ude00👋'])
      expect(textProblem(text), JSON.stringify(text)).toEqual({ msg: INVALID_TEXT_MESSAGE, type: 'lone_surrogate' })
  })

  it('refuses U+FFFD, what a decoder leaves of bytes that are not UTF-8', () => {
    expect(textProblem(new TextDecoder().decode(INVALID_BYTES))).toEqual({ msg: INVALID_TEXT_MESSAGE, type: 'invalid_utf8' })
    expect(textProblem('a\ufffdb')).toEqual({ msg: INVALID_TEXT_MESSAGE, type: 'invalid_utf8' })
  })

  it('refuses C0 controls other than tab and line breaks, and DEL', () => {
    for (const code of [0x00, 0x07, 0x08, 0x0b, 0x0c, 0x0e, 0x1b, 0x1f, 0x7f]) {
      expect(textProblem(`a${String.fromCharCode(code)}b`), code.toString(16)).toEqual({
        msg: CONTROL_CHARACTERS_MESSAGE,
        type: 'control_character',
      })
    }
  })
})

describe('textIssues', () => {
  it('names each refused string by its place: nested objects, lists, keys', () => {
    const value = {
      ok: 'texto',
      nome: '\ud800',
      lista: ['bom', 'a\u0000b'],
      grupo: { interno: 'x\ufffd', número: 3, sim: true, nada: null },
      ['chave\u0007']: 'valor',
    }
    expect(textIssues(value, ['body'])).toEqual([
      { loc: ['body', 'nome'], msg: INVALID_TEXT_MESSAGE, type: 'lone_surrogate' },
      { loc: ['body', 'lista', 1], msg: CONTROL_CHARACTERS_MESSAGE, type: 'control_character' },
      { loc: ['body', 'grupo', 'interno'], msg: INVALID_TEXT_MESSAGE, type: 'invalid_utf8' },
      { loc: ['body', 'chave\u0007'], msg: CONTROL_CHARACTERS_MESSAGE, type: 'control_character' },
    ])
  })

  it('reads parsed query strings and path params (no Object prototype) and passes what is not text', () => {
    // As fast-querystring and find-my-way build them: an empty null-prototype object as prototype.
    const query = Object.assign(Object.create(Object.create(null) as object) as object, { q: 'a\u001bb' })
    expect(textIssues(query, ['query'])).toEqual([{ loc: ['query', 'q'], msg: CONTROL_CHARACTERS_MESSAGE, type: 'control_character' }])
    expect(textIssues({ quando: new Date(), n: 1, arquivo: new Blob(['\u0000']) }, ['body'])).toEqual([])
    expect(textIssues(undefined, ['body'])).toEqual([])
  })

  it('walks a body nested 500,000 deep (what 1 MiB of JSON can nest) at once and reports at most MAX_ISSUES', () => {
    let deep: unknown = '\ud800'
    for (let level = 0; level < 500_000; level++) deep = [deep]
    expect(textIssues(deep, ['body'])).toHaveLength(1)
    expect(
      textIssues(
        Array.from({ length: 1000 }, () => '\u0000'),
        ['body'],
      ),
    ).toHaveLength(MAX_ISSUES)
  })
})

/** The 422's issues as `loc: type`. */
function refused(response: LightMyRequestResponse): string[] {
  expect(response.statusCode, response.body).toBe(422)
  return (response.json().detail as { loc: (string | number)[]; type: string }[]).map(({ loc, type }) => `${loc.join('.')}: ${type}`)
}

describe('the text floor on the real routes (issue 36 items 4 and 5)', () => {
  let t: TestApp
  let manager: TestAccount
  let student: TestAccount
  beforeAll(async () => {
    t = await createTestApp()
    ;[manager, student] = await Promise.all([createAccount(t.app, t.db, 'manager'), createAccount(t.app, t.db)])
  })
  afterAll(() => t.close())

  const json = (method: 'POST' | 'PUT', url: string, payload: string | Buffer, token: string) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(token), 'content-type': 'application/json' } })

  it("refuses a lone surrogate in a manager's push title and body (a 500 before) and stores no sending", async () => {
    const before = await t.db.orm.select({ n: count() }).from(pushSendings)
    const payload = JSON.stringify({
      title: 'Aviso \ud800',
      body: '\udc00 corpo',
      link: '/dashboard',
      image_url: null,
      audience: { kind: 'todos' },
    })
    expect(payload).toContain('\\ud800')
    const response = await json('POST', '/api/v1/push-sending/', payload, manager.token)
    expect(refused(response)).toEqual(['body.title: lone_surrogate', 'body.body: lone_surrogate'])
    expect(response.json().detail[0].msg).toBe(INVALID_TEXT_MESSAGE)
    expect(await t.db.orm.select({ n: count() }).from(pushSendings)).toEqual(before)
  })

  it('refuses a lone surrogate in a knn-usa cancel or ask-documents reason before the handler looks the request up', async () => {
    const cancel = await json(
      'POST',
      '/api/v1/knn-usa/manager/requests/1/cancel/',
      JSON.stringify({ de: 'em_analise', motivo: 'x\ud800y' }),
      manager.token,
    )
    expect(refused(cancel)).toEqual(['body.motivo: lone_surrogate'])
    const ask = await json(
      'POST',
      '/api/v1/knn-usa/manager/requests/1/ask-documents/',
      JSON.stringify({ de: 'em_analise', tipos: ['passaporte'], motivo: 'corrija \udfff' }),
      manager.token,
    )
    expect(refused(ask)).toEqual(['body.motivo: lone_surrogate'])
  })

  it('takes line breaks in a multi-line reason, refuses them in a one-line one; refuses a bell in both', async () => {
    const url = (id: string, action: string) => `/api/v1/knn-usa/manager/requests/${id}/${action}/`
    // Past the text checks, the handler answers: no such request.
    const ask = await json(
      'POST',
      url('999999', 'ask-documents'),
      JSON.stringify({ de: 'em_analise', tipos: ['passaporte'], motivo: 'linha 1\nlinha 2' }),
      manager.token,
    )
    expect(ask.statusCode, ask.body).toBe(404)
    const cancel = await json(
      'POST',
      url('999999', 'cancel'),
      JSON.stringify({ de: 'em_analise', motivo: 'linha 1\nlinha 2' }),
      manager.token,
    )
    expect(cancel.statusCode).toBe(422)
    expect(cancel.json().detail).toEqual([{ loc: ['body', 'motivo'], msg: CONTROL_CHARACTERS_MESSAGE, type: 'check' }])
    const bell = await json(
      'POST',
      url('999999', 'ask-documents'),
      JSON.stringify({ de: 'em_analise', tipos: ['passaporte'], motivo: 'toca\u0007' }),
      manager.token,
    )
    expect(refused(bell)).toEqual(['body.motivo: control_character'])
  })

  it("refuses bytes FF FE C3 in a raw JSON body, naming each field, and keeps the student's profile", async () => {
    const before = await storedUser(t.db, student.id)
    const payload = withInvalidBytes(
      JSON.stringify({
        full_name: `Joana ${MARK}`,
        email: before.email,
        phone: '21987654321',
        cep: '22071900',
        street: `Rua ${MARK}`,
        street_number: '10',
      }),
    )
    const response = await json('PUT', '/api/v1/users/profile/', payload, student.token)
    expect(refused(response)).toEqual(['body.full_name: invalid_utf8', 'body.street: invalid_utf8'])
    expect(await storedUser(t.db, student.id)).toEqual(before)
  })

  it('refuses bytes FF FE C3 in a form body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token/',
      payload: withInvalidBytes(`username=${MARK}%40example.com&password=segredo-qualquer`),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(refused(response)).toEqual(['body.username: invalid_utf8'])
  })

  it('refuses bytes FF FE C3 in a multipart text field, and a lone surrogate inside its JSON, keeping no file', async () => {
    const root = join(t.config.dataDir, 'files')
    const request = (field: string | Buffer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/knn-usa/request/',
        payload: Buffer.concat([
          Buffer.from(`--${MULTIPART_TYPE.split('boundary=')[1]}\r\nContent-Disposition: form-data; name="knn_usa_request_in"\r\n\r\n`),
          Buffer.from(field),
          Buffer.from('\r\n'),
          multipartPayload([
            { name: 'files', filename: 'passaporte.pdf', contentType: 'application/pdf', bytes: sampleFile('application/pdf', 1024) },
          ]),
        ]),
        headers: { ...bearer(student.token), 'content-type': MULTIPART_TYPE },
      })
    const valid = {
      turma_id: 1,
      passaporte_numero: 'FZ123456',
      passaporte_validade: '2036-01-01',
      data_nascimento: '2000-01-01',
      documentos: ['passaporte'],
    }
    const bytes = await request(withInvalidBytes(JSON.stringify({ ...valid, responsavel_nome: MARK })))
    expect(refused(bytes)).toEqual(['body.knn_usa_request_in: invalid_utf8'])
    // An escaped surrogate is well-formed JSON text: it is caught in what the schema made of it.
    const surrogate = await request(JSON.stringify({ ...valid, responsavel_nome: 'Maria \ud800' }))
    expect(refused(surrogate)).toEqual(['body.knn_usa_request_in.responsavel_nome: lone_surrogate'])
    expect(await filesOnDisk(root)).toEqual([])
  })
})
