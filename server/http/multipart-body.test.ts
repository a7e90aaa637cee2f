import { connect } from 'node:net'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ApiError, createApiClient } from '../../src/lib/client.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { localDiskStorage } from '../storage/local-disk.ts'
import { createAccount, OWNED_FACTORIES } from '../test/accounts.ts'
import { createTestApp, injectFetch, type TestApp } from '../test/app.ts'
import { BOUNDARY, filesOnDisk, MULTIPART_TYPE, multipartPayload, sampleFile, type PartBody } from '../test/multipart.ts'
import { registerUploadTestRoutes, uploadTestContract } from '../test/upload-endpoint.ts'
import { MALFORMED_MULTIPART, NOT_MULTIPART } from './multipart-body.ts'

/**
 * Multipart bodies through contractRoute, on the test-declared endpoint of
 * server/test/upload-endpoint.ts: `arquivo` (PDF or PNG, 64 KB, required) and `anexos`
 * (JPEG or text, 16 KB each, up to two), plus the text fields `descricao` and `observacao`.
 * What the handler gets, what is refused and why, and that a refused, failed or aborted
 * upload leaves no file in storage.
 */

const KB = 1024
let t: TestApp
let filesRoot: string

beforeAll(async () => {
  t = await createTestApp({}, { register: registerUploadTestRoutes })
  filesRoot = path.join(t.config.dataDir, 'files')
})
afterAll(() => t.close())

/** A student enrolled in a class of their own. */
async function student(): Promise<{ token: string; turmaId: number }> {
  const account = await createAccount(t.app, t.db)
  return { token: account.token, turmaId: Number((await OWNED_FACTORIES.turma(t.db, account.id, t.app.fileStorage)).turma) }
}

function send(
  who: { token: string; turmaId: number },
  payload: Buffer | string,
  contentType = MULTIPART_TYPE,
  turma: string | number = who.turmaId,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/teste/turma/${turma}/arquivos/`,
    payload,
    headers: { authorization: `Bearer ${who.token}`, ...(contentType ? { 'content-type': contentType } : {}) },
  })
}

const pdf = (size = 2 * KB, filename = 'trabalho.pdf'): PartBody => ({
  name: 'arquivo',
  filename,
  contentType: 'application/pdf',
  bytes: sampleFile('application/pdf', size),
})
const descricao = (value = 'Redação da unidade 3'): PartBody => ({ name: 'descricao', value })

/** The 422 issues of an answer, as `loc.join('.')` → message. */
function issues(response: LightMyRequestResponse): Record<string, string> {
  expect(response.statusCode, response.body).toBe(422)
  const { detail } = response.json<{ detail: { loc: string[]; msg: string }[] }>()
  return Object.fromEntries(detail.map((issue) => [issue.loc.join('.'), issue.msg]))
}

describe('a multipart endpoint', () => {
  afterEach(async () => {
    // Every test below ends with storage holding only what a handler accepted (and then
    // the test deleted): no partial file anywhere.
    expect(await filesOnDisk(filesRoot)).toEqual([])
  })

  async function removeStored(keys: string[]) {
    await Promise.all(keys.map((key) => t.app.fileStorage.delete(key)))
  }

  it('stores each declared file, checked, and hands the handler its fields and descriptors', async () => {
    const who = await student()
    const jpeg = sampleFile('image/jpeg', 10 * KB)
    const note = new TextEncoder().encode('qualquer texto, sem assinatura')
    const response = await send(
      who,
      multipartPayload([
        descricao(),
        pdf(64 * KB),
        { name: 'anexos', filename: 'foto.jpg', contentType: 'image/jpeg', bytes: jpeg },
        { name: 'anexos', filename: 'nota.txt', contentType: 'text/plain; charset=utf-8', bytes: note },
      ]),
    )
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json<{ turma: number; descricao: string; arquivos: { chave: string }[] }>()
    expect(body).toEqual({
      turma: who.turmaId,
      descricao: 'Redação da unidade 3',
      arquivos: [
        { campo: 'arquivo', nome: 'trabalho.pdf', tipo: 'application/pdf', tamanho: 64 * KB, chave: expect.any(String) },
        { campo: 'anexos', nome: 'foto.jpg', tipo: 'image/jpeg', tamanho: 10 * KB, chave: expect.any(String) },
        { campo: 'anexos', nome: 'nota.txt', tipo: 'text/plain', tamanho: note.length, chave: expect.any(String) },
      ],
    })
    const keys = body.arquivos.map((file) => file.chave)
    expect(await filesOnDisk(filesRoot)).toHaveLength(3)
    // The bytes stored are the bytes sent.
    const stored = await t.app.fileStorage.get(keys[1]!)
    expect(Buffer.concat(await stored!.toArray())).toEqual(Buffer.from(jpeg))
    expect(await text((await t.app.fileStorage.get(keys[2]!))!)).toBe('qualquer texto, sem assinatura')
    await removeStored(keys)
  })

  it('reads what the contract client sends, and the client shows its refusals in Portuguese', async () => {
    const who = await student()
    const client = createApiClient({
      portalBaseUrl: '/api/v1',
      driveBaseUrl: () => '/drive/api/v1',
      getToken: () => who.token,
      // The client's request as the browser would send it, answered by the app.
      fetch: injectFetch(t.app),
    })
    const pdfFile = (size: number) => new File([sampleFile('application/pdf', size)], 'cliente.pdf', { type: 'application/pdf' })
    const note = new File(['nota do cliente'], 'nota.txt', { type: 'text/plain' })
    const input = { params: { id: who.turmaId }, headers: {}, body: { descricao: 'Pelo cliente' } }

    const sent = await client.call(uploadTestContract.enviarArquivos, { ...input, files: { arquivo: pdfFile(3000), anexos: [note] } })
    expect(sent.arquivos.map(({ campo, nome, tipo, tamanho }) => [campo, nome, tipo, tamanho])).toEqual([
      ['arquivo', 'cliente.pdf', 'application/pdf', 3000],
      ['anexos', 'nota.txt', 'text/plain', note.size],
    ])
    await removeStored(sent.arquivos.map((file) => file.chave))

    const refused = await client
      .call(uploadTestContract.enviarArquivos, { ...input, files: { arquivo: pdfFile(64 * KB + 1) } })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ApiError)
    expect([(refused as ApiError).status, (refused as ApiError).message]).toEqual([413, 'O arquivo excede o limite de 64 KB.'])
  })

  it("cleans the client's file name: no folders, no control characters", async () => {
    const who = await student()
    const response = await send(who, multipartPayload([descricao(), pdf(KB, 'C:\\Users\\ana\\tra\u0007balho.pdf')]))
    expect(response.statusCode, response.body).toBe(200)
    const [file] = response.json<{ arquivos: { nome: string; chave: string }[] }>().arquivos
    expect(file!.nome).toBe('trabalho.pdf')
    await removeStored([file!.chave])
  })

  it('refuses a file over its part’s limit with 413, in Portuguese, keeping nothing', async () => {
    const who = await student()
    const tooBig = await send(who, multipartPayload([descricao(), pdf(64 * KB + 1)]))
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json()).toEqual({ detail: 'O arquivo excede o limite de 64 KB.' })

    // Each part has its own limit: an attachment may not reach the main file's.
    const bigAttachment = await send(
      who,
      multipartPayload([
        descricao(),
        pdf(),
        { name: 'anexos', filename: 'a.jpg', contentType: 'image/jpeg', bytes: sampleFile('image/jpeg', 16 * KB + 1) },
      ]),
    )
    expect(bigAttachment.statusCode).toBe(413)
    expect(bigAttachment.json()).toEqual({ detail: 'O arquivo excede o limite de 16 KB.' })
  })

  it('refuses a type the part does not declare, and a file whose content is not its declared type, with 415', async () => {
    const who = await student()
    const expected = { detail: 'Tipo de arquivo não aceito. Envie PDF ou PNG.' }
    const exe = {
      name: 'arquivo',
      filename: 'trabalho.exe',
      contentType: 'application/x-msdownload',
      bytes: sampleFile('application/pdf', KB),
    }
    const undeclared = await send(who, multipartPayload([descricao(), exe]))
    expect(undeclared.statusCode).toBe(415)
    expect(undeclared.json()).toEqual(expected)

    // Named and typed as a PDF, but an executable inside.
    const disguised = await send(
      who,
      multipartPayload([
        descricao(),
        { name: 'arquivo', filename: 'trabalho.pdf', contentType: 'application/pdf', bytes: Buffer.from('MZ\x90\x00 executável') },
      ]),
    )
    expect(disguised.statusCode).toBe(415)
    expect(disguised.json()).toEqual(expected)

    // A PNG sent as a PDF is refused too: the declared type must match the content.
    const mislabelled = await send(
      who,
      multipartPayload([
        descricao(),
        { name: 'arquivo', filename: 'x.pdf', contentType: 'application/pdf', bytes: sampleFile('image/png', KB) },
      ]),
    )
    expect(mislabelled.statusCode).toBe(415)
  })

  it('checks the content even when the file is shorter than the bytes it needs', async () => {
    const who = await student()
    const tiny = await send(
      who,
      multipartPayload([descricao(), { name: 'arquivo', filename: 'x.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PD') }]),
    )
    expect(tiny.statusCode).toBe(415)
  })

  it('answers 422 for a missing file and invalid text fields together, and deletes the files it had stored', async () => {
    const who = await student()
    const response = await send(
      who,
      multipartPayload([
        { name: 'descricao', value: 'x'.repeat(201) },
        { name: 'anexos', filename: 'a.jpg', contentType: 'image/jpeg', bytes: sampleFile('image/jpeg', KB) },
      ]),
    )
    expect(issues(response)).toEqual({
      'body.descricao': 'Você deve inserir no máximo 200 caracteres',
      'body.arquivo': 'Este campo é obrigatório',
    })
    // The attachment had been stored; the afterEach check proves it is gone.
  })

  it('answers 422 to a missing text field, a repeated one and a control character', async () => {
    const who = await student()
    expect(issues(await send(who, multipartPayload([pdf()])))).toEqual({ 'body.descricao': 'Este campo é obrigatório' })
    expect(issues(await send(who, multipartPayload([descricao(), descricao('outra'), pdf()])))).toEqual({
      'body.descricao': 'Este campo deve ser um texto',
    })
    expect(issues(await send(who, multipartPayload([descricao('a\u0000b'), pdf()])))).toEqual({
      'body.descricao': 'Este campo não pode conter caracteres de controle',
    })
  })

  it('reads a field sent as application/json as its text, like any other field', async () => {
    const who = await student()
    const response = await send(
      who,
      multipartPayload([{ name: 'descricao', value: '"entre aspas"', contentType: 'application/json' }, pdf()]),
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<{ descricao: string }>().descricao).toBe('"entre aspas"')
    await removeStored(response.json<{ arquivos: { chave: string }[] }>().arquivos.map((file) => file.chave))
  })

  it('refuses file parts and text fields the endpoint does not declare, and files beyond a part’s count', async () => {
    const who = await student()
    const jpeg = (name = 'anexos'): PartBody => ({
      name,
      filename: 'a.jpg',
      contentType: 'image/jpeg',
      bytes: sampleFile('image/jpeg', KB),
    })
    expect(issues(await send(who, multipartPayload([descricao(), pdf(), jpeg('outro')])))).toEqual({ 'body.outro': 'Campo não permitido' })
    expect(issues(await send(who, multipartPayload([descricao(), { name: 'extra', value: '1' }, pdf()])))).toEqual({
      'body.extra': 'Campo não permitido',
    })
    expect(issues(await send(who, multipartPayload([descricao(), pdf(), jpeg(), jpeg(), jpeg()])))).toEqual({
      'body.anexos': 'Envie no máximo 2 arquivos neste campo',
    })
    expect(issues(await send(who, multipartPayload([descricao(), pdf(), pdf()])))).toEqual({
      'body.arquivo': 'Envie apenas um arquivo neste campo',
    })
  })

  it('refuses an empty file, and reads an empty file input (no file name) as no file', async () => {
    const who = await student()
    const empty = { name: 'arquivo', filename: 'vazio.pdf', contentType: 'application/pdf', bytes: new Uint8Array() }
    expect(issues(await send(who, multipartPayload([descricao(), empty])))).toEqual({ 'body.arquivo': 'O arquivo enviado está vazio' })
    const noFile = { name: 'arquivo', filename: '', contentType: 'application/octet-stream', bytes: new Uint8Array() }
    expect(issues(await send(who, multipartPayload([descricao(), noFile])))).toEqual({ 'body.arquivo': 'Este campo é obrigatório' })
  })

  it('answers 415 to a body that is not multipart', async () => {
    const who = await student()
    for (const [payload, type] of [
      [JSON.stringify({ descricao: 'x' }), 'application/json'],
      ['descricao=x', 'application/x-www-form-urlencoded'],
      ['', ''],
    ] as const) {
      const response = await send(who, payload, type)
      expect(response.statusCode, type).toBe(415)
      expect(response.json()).toEqual({ detail: NOT_MULTIPART })
    }
  })

  it('answers 400 to broken framing: no boundary, a wrong one, a body cut short mid-file', async () => {
    const who = await student()
    const body = multipartPayload([descricao(), pdf(8 * KB)])
    const cases: [string, Buffer | string, string][] = [
      ['no boundary', body, 'multipart/form-data'],
      ['wrong boundary', body, 'multipart/form-data; boundary=outra-fronteira'],
      ['cut short', body.subarray(0, body.length - 3 * KB), MULTIPART_TYPE],
      ['unclosed', multipartPayload([descricao(), pdf()], { close: false }), MULTIPART_TYPE],
      ['garbage', 'isto não é multipart', MULTIPART_TYPE],
    ]
    for (const [label, payload, type] of cases) {
      const response = await send(who, payload, type)
      expect(response.statusCode, label).toBe(400)
      expect(response.json(), label).toEqual({ detail: MALFORMED_MULTIPART })
    }
  })

  it('refuses a field named after a prototype property', async () => {
    const who = await student()
    const response = await send(who, multipartPayload([{ name: '__proto__', value: 'x' }, descricao(), pdf()]))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'Nome de campo não permitido.' })
  })

  it('answers 413 to a flood of parts', async () => {
    const who = await student()
    const many = Array.from({ length: 150 }, (): PartBody => ({ name: 'observacao', value: 'x' }))
    const response = await send(who, multipartPayload(many))
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ detail: 'A requisição tem partes demais.' })
  })

  it('reads no upload when the path is invalid, and deletes the files when the handler refuses', async () => {
    const who = await student()
    expect(issues(await send(who, multipartPayload([descricao(), pdf()]), MULTIPART_TYPE, 'abc'))).toEqual({
      'path.id': 'Formato inválido',
    })
    // Another student's class: the files were stored, then the handler answered 404.
    const other = await student()
    const foreign = await send(who, multipartPayload([descricao(), pdf()]), MULTIPART_TYPE, other.turmaId)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ detail: 'Não encontrado' })
  })

  it('authenticates before reading the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/teste/turma/1/arquivos/',
      payload: multipartPayload([descricao(), pdf()]),
      headers: { 'content-type': MULTIPART_TYPE },
    })
    expect(response.statusCode).toBe(401)
  })

  it('deletes the partial file when the client goes away mid-upload', async () => {
    const who = await student()
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = new URL(address)
    const head = multipartPayload([descricao()], { close: false })
    const fileHead = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="arquivo"; filename="t.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    )
    const socket = connect(Number(port), '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write(
      `POST /api/v1/teste/turma/${who.turmaId}/arquivos/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${who.token}\r\n` +
        `Content-Type: ${MULTIPART_TYPE}\r\nContent-Length: 60000\r\n\r\n`,
    )
    socket.write(Buffer.concat([head, fileHead, sampleFile('application/pdf', 20 * KB)]))
    // The upload is being written to storage…
    await expect.poll(() => filesOnDisk(filesRoot), { timeout: 5_000 }).toHaveLength(1)
    socket.destroy()
    // …and the partial file goes with the connection.
    await expect.poll(() => filesOnDisk(filesRoot), { timeout: 5_000 }).toEqual([])
  })
})

describe('a multipart endpoint whose storage fails', () => {
  /** Local disk whose second write breaks (a full disk, an object store gone). */
  async function failingSecondPut(root: string): Promise<FileStorage> {
    const disk = await localDiskStorage(root)
    let puts = 0
    return {
      ...disk,
      put: (source, info) => (++puts === 2 ? Promise.reject(new Error('disco cheio')) : disk.put(source, info)),
    }
  }

  it('answers 500 and deletes the files stored before the failure', async () => {
    const root = path.join(t.config.dataDir, 'failing-files')
    const failing = await createTestApp({}, { register: registerUploadTestRoutes, fileStorage: await failingSecondPut(root) })
    try {
      const account = await createAccount(failing.app, failing.db)
      const turmaId = Number((await OWNED_FACTORIES.turma(failing.db, account.id, failing.app.fileStorage)).turma)
      const response = await failing.app.inject({
        method: 'POST',
        url: `/api/v1/teste/turma/${turmaId}/arquivos/`,
        payload: multipartPayload([
          descricao(),
          pdf(),
          { name: 'anexos', filename: 'a.jpg', contentType: 'image/jpeg', bytes: sampleFile('image/jpeg', KB) },
        ]),
        headers: { authorization: `Bearer ${account.token}`, 'content-type': MULTIPART_TYPE },
      })
      expect(response.statusCode).toBe(500)
      expect(response.json()).toEqual({ detail: 'Erro interno do servidor', request_id: response.headers['x-request-id'] })
      expect(await filesOnDisk(root)).toEqual([])
    } finally {
      await failing.close()
    }
  })
})
