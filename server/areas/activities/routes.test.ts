import { createHash, randomUUID } from 'node:crypto'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACTIVITY_FILE, MAX_FILES_PER_ACTIVITY } from '../../../src/contract/endpoints/atividades.ts'
import type { ArquivoAtividade, TurmaAlunoAtividade } from '../../../src/contract/schemas/atividade.ts'
import type { Turma } from '../../../src/contract/schemas/turma.ts'
import { atividadeArquivos, turmaAlunoAtividades, turmaAtividades } from './schema.ts'
import { driveUsers } from '../users/drive-users-schema.ts'
import { turmas } from '../classes/schema.ts'
import { createAccount, createActivity, type TestAccount } from '../../test/accounts.ts'
import { bearer, createTestApp, demoToken, type TestApp } from '../../test/app.ts'
import { filesOnDisk, MULTIPART_TYPE, multipartPayload, sampleFile } from '../../test/multipart.ts'
import { startS3StandIn, type S3StandIn } from '../../test/stand-ins/s3.ts'
import {
  ALREADY_CORRECTED,
  KEY_REUSED,
  NO_CLASS,
  PRESENCE_TOO_EARLY,
  PRESENCE_TOO_LATE,
  referencia,
  SEND_DELETED,
  TOO_MANY_FILES,
} from './routes.ts'

/** The activity calls (issue 10) on the real server: local disk here, the S3 stand-in below. */

const API = '/api/v1/turma-aluno-atividades'
const KB = 1024
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

interface Upload {
  key?: string | null
  bytes?: Uint8Array
  type?: string
  filename?: string
}

function send(t: TestApp, token: string, id: number | string, upload: Upload = {}): Promise<LightMyRequestResponse> {
  const bytes = upload.bytes ?? sampleFile('application/pdf', 4 * KB)
  const key = upload.key === undefined ? randomUUID() : upload.key
  return t.app.inject({
    method: 'POST',
    url: `${API}/${id}/enviar-arquivo-atividade/`,
    payload: multipartPayload([
      { name: 'file', filename: upload.filename ?? 'exercicio.pdf', contentType: upload.type ?? 'application/pdf', bytes },
    ]),
    headers: { ...bearer(token), 'content-type': MULTIPART_TYPE, ...(key === null ? {} : { 'idempotency-key': key }) },
  })
}

function get(t: TestApp, token: string, url: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) })
}

async function sentRows(t: TestApp, turmaAlunoAtividadeId: number) {
  return t.db.orm.select().from(atividadeArquivos).where(eq(atividadeArquivos.turmaAlunoAtividadeId, turmaAlunoAtividadeId))
}

/** A student with an activity (held as a class now) of a class of their own. */
async function studentWithActivity(t: TestApp, options: Parameters<typeof createActivity>[3] = {}) {
  const account = await createAccount(t.app, t.db)
  const ids = await createActivity(t.db, account.id, t.app.fileStorage, options)
  return { account, id: ids.turmaAlunoAtividade!, ids }
}

describe('activities of a class (local disk)', () => {
  let t: TestApp
  let files: string
  const stored = () => filesOnDisk(files)

  beforeAll(async () => {
    t = await createTestApp({}, { seedDemoFiles: true })
    files = path.join(t.config.dataDir, 'files')
  })
  afterAll(() => t.close())

  it("lists the demo class's activities by due date, with the files sent and the corrections", async () => {
    const ana = await demoToken(t.app, 'ana')
    const classes = (await get(t, ana, '/api/v1/at-home/turmas/')).json<Turma[]>()
    const intermediario = classes.find((turma) => turma.nome === 'Inglês — Intermediário 2')!
    const response = await get(t, ana, `${API}/turma-aluno/${intermediario.turma_aluno_id}/`)
    expect(response.statusCode, response.body).toBe(200)
    const atividades = response.json<TurmaAlunoAtividade[]>()
    expect(atividades.map((atividade) => atividade.titulo)).toEqual([
      'Writing — My last holidays',
      'Conversation class — Travelling',
      'Listening — Podcast, unit 5',
    ])
    const [corrigida, aula, pendente] = atividades as [TurmaAlunoAtividade, TurmaAlunoAtividade, TurmaAlunoAtividade]
    expect(corrigida).toMatchObject({ turma_id: intermediario.id, aula_em: null, presenca_em: null })
    expect(corrigida.arquivos).toEqual([
      expect.objectContaining({ nome: 'Redação — férias.pdf', tipo: 'application/pdf', referencia: referencia(corrigida.arquivos[0]!.id) }),
    ])
    expect(corrigida.correcoes).toEqual([
      expect.objectContaining({ nome: 'Correção — férias.pdf', comentario: 'Ótimo texto! Atenção ao past simple dos verbos irregulares.' }),
    ])
    expect(aula.aula_em).not.toBeNull()
    expect(pendente).toMatchObject({ arquivos: [], correcoes: [] })

    // The correction downloads as the PDF it is, under its own name.
    const download = await get(t, ana, `${API}/${corrigida.id}/download-correcao/${corrigida.correcoes[0]!.id}/`)
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/pdf')
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Correcao _ ferias.pdf"; filename*=UTF-8''Corre%C3%A7%C3%A3o%20%E2%80%94%20f%C3%A9rias.pdf`,
    )
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(Number(download.headers['content-length'])).toBe(download.rawPayload.length)

    // Lucas cannot list Ana's enrolment.
    const lucas = await demoToken(t.app, 'lucas')
    expect((await get(t, lucas, `${API}/turma-aluno/${intermediario.turma_aluno_id}/`)).statusCode).toBe(404)
  })

  it('stores a file once: the first send is 201, a replay of its key 200 with the same record and nothing new', async () => {
    const { account, id } = await studentWithActivity(t)
    const bytes = sampleFile('application/pdf', 40 * KB)
    const before = await stored()
    const first = await send(t, account.token, id, { key: 'envio-0001-abcd', bytes, filename: 'Exercício 1.pdf' })
    expect(first.statusCode, first.body).toBe(201)
    const receipt = first.json<ArquivoAtividade>()
    expect(receipt).toEqual({
      id: expect.any(Number),
      turma_aluno_atividade_id: id,
      nome: 'Exercício 1.pdf',
      tamanho: 40 * KB,
      tipo: 'application/pdf',
      sha256: sha256(bytes),
      recebido_em: expect.any(String),
      referencia: referencia(receipt.id),
    })
    expect(await stored()).toHaveLength(before.length + 1)

    const replay = await send(t, account.token, id, { key: 'envio-0001-abcd', bytes, filename: 'Exercício 1.pdf' })
    expect(replay.statusCode, replay.body).toBe(200)
    expect(replay.json()).toEqual(receipt)
    expect(await stored()).toHaveLength(before.length + 1)
    const rows = await sentRows(t, id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ userId: account.id, idempotencyKey: 'envio-0001-abcd', sha256: sha256(bytes), tamanho: 40 * KB })

    // The bytes stored are the bytes sent.
    const download = await get(t, account.token, `${API}/${id}/download-atividade/${receipt.id}/`)
    expect(download.statusCode).toBe(200)
    expect(sha256(download.rawPayload)).toBe(sha256(bytes))
    expect(download.headers.etag).toBe(`"${sha256(bytes)}"`)
  })

  it('answers concurrent replays of one key with one stored file: one 201, the rest 200 with the same record', async () => {
    const { account, id } = await studentWithActivity(t)
    const bytes = sampleFile('image/png', 64 * KB)
    const before = await stored()
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        send(t, account.token, id, { key: 'chave-concorrente-1', bytes, type: 'image/png', filename: 'foto.png' }),
      ),
    )
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 200, 200, 200, 200, 201])
    expect(new Set(answers.map((answer) => answer.json<ArquivoAtividade>().id)).size).toBe(1)
    expect(await sentRows(t, id)).toHaveLength(1)
    expect(await stored()).toHaveLength(before.length + 1)
  })

  it('refuses a key reused for other bytes or another activity (422), storing nothing', async () => {
    const { account, id } = await studentWithActivity(t)
    const other = (await createActivity(t.db, account.id, t.app.fileStorage)).turmaAlunoAtividade!
    expect((await send(t, account.token, id, { key: 'chave-reusada-1' })).statusCode).toBe(201)
    const before = await stored()
    for (const response of [
      await send(t, account.token, id, { key: 'chave-reusada-1', bytes: sampleFile('application/pdf', 5 * KB) }),
      await send(t, account.token, other, { key: 'chave-reusada-1' }),
    ]) {
      expect(response.statusCode).toBe(422)
      expect(response.json()).toEqual({ detail: KEY_REUSED })
    }
    expect(await stored()).toEqual(before)
    expect(await sentRows(t, other)).toEqual([])
  })

  it('requires the Idempotency-Key, and refuses one of the wrong form, before reading the file', async () => {
    const { account, id } = await studentWithActivity(t)
    const before = await stored()
    const missing = await send(t, account.token, id, { key: null })
    expect(missing.statusCode).toBe(422)
    expect(missing.json()).toEqual({ detail: [{ loc: ['header', 'idempotency-key'], msg: 'Este campo é obrigatório', type: 'missing' }] })
    const malformed = await send(t, account.token, id, { key: 'curta' })
    expect(malformed.statusCode).toBe(422)
    expect(await stored()).toEqual(before)
    expect(await sentRows(t, id)).toEqual([])
  })

  it('refuses a file over 25 MB (413), of a type not accepted or disguised as one (415), keeping nothing', async () => {
    const { account, id } = await studentWithActivity(t)
    const before = await stored()
    const tooBig = await send(t, account.token, id, { bytes: sampleFile('application/pdf', ACTIVITY_FILE.maxBytes + 1) })
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json()).toEqual({ detail: 'O arquivo excede o limite de 25 MB.' })

    const typeText =
      'Tipo de arquivo não aceito. Envie PDF, JPEG, PNG, WEBP, HEIC, MP3, WAV, OGG, WEBM, M4A, AAC, DOCX, XLSX, PPTX, ODT, DOC, XLS ou PPT.'
    const exe = await send(t, account.token, id, { bytes: new TextEncoder().encode('MZ executável'), type: 'application/x-msdownload' })
    expect(exe.statusCode).toBe(415)
    expect(exe.json()).toEqual({ detail: typeText })
    const disguised = await send(t, account.token, id, {
      bytes: new TextEncoder().encode('MZ\u0090 não é um PDF'),
      filename: 'trabalho.pdf',
    })
    expect(disguised.statusCode).toBe(415)
    expect(disguised.json()).toEqual({ detail: typeText })
    // A Word document (a ZIP inside) and an MP3 recording are accepted.
    expect(
      (await send(t, account.token, id, { bytes: sampleFile(ACTIVITY_FILE.mediaTypes[13], 2 * KB), type: ACTIVITY_FILE.mediaTypes[13] }))
        .statusCode,
    ).toBe(201)
    expect(
      (await send(t, account.token, id, { bytes: sampleFile('audio/mpeg', 2 * KB), type: 'audio/mpeg', filename: 'audio.mp3' })).statusCode,
    ).toBe(201)
    expect(await stored()).toHaveLength(before.length + 2)
    expect(await sentRows(t, id)).toHaveLength(2)
  })

  it(`keeps at most ${MAX_FILES_PER_ACTIVITY} files on an activity (409), while a replay of one still answers 200`, async () => {
    const { account, id } = await studentWithActivity(t)
    for (let index = 0; index < MAX_FILES_PER_ACTIVITY; index++) {
      expect((await send(t, account.token, id, { key: `limite-${index}-abcdef` })).statusCode).toBe(201)
    }
    const before = await stored()
    const eleventh = await send(t, account.token, id, { key: 'limite-10-abcdef' })
    expect(eleventh.statusCode).toBe(409)
    expect(eleventh.json()).toEqual({ detail: TOO_MANY_FILES })
    expect((await send(t, account.token, id, { key: 'limite-9-abcdef' })).statusCode).toBe(200)
    expect(await stored()).toEqual(before)
    expect(await sentRows(t, id)).toHaveLength(MAX_FILES_PER_ACTIVITY)
  })

  it("sends nothing to another student's activity (404) and keeps nothing of it", async () => {
    const { id } = await studentWithActivity(t)
    const intruder = await createAccount(t.app, t.db)
    const before = await stored()
    const response = await send(t, intruder.token, id)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: 'Não encontrado' })
    expect(await stored()).toEqual(before)
    expect(await sentRows(t, id)).toHaveLength(0)
  })

  it("serves a file to its owner and the school's managers only: another student or school gets 404", async () => {
    const { account, id, ids } = await studentWithActivity(t, { arquivo: true, correcao: true })
    const fileUrl = `${API}/${id}/download-atividade/${ids.atividadeArquivo}/`
    const correctionUrl = `${API}/${id}/download-correcao/${ids.atividadeCorrecao}/`

    const own = await get(t, account.token, fileUrl)
    expect(own.statusCode).toBe(200)
    expect(own.headers['content-type']).toBe('application/pdf')
    expect(own.headers['content-disposition']).toBe(`attachment; filename="exercicio.pdf"; filename*=UTF-8''exercicio.pdf`)
    expect(own.headers['x-content-type-options']).toBe('nosniff')
    expect(own.headers['cache-control']).toBe('private, no-store')
    expect(own.rawPayload.equals(Buffer.from(sampleFile('application/pdf', 2048)))).toBe(true)
    const correction = await get(t, account.token, correctionUrl)
    expect(correction.statusCode).toBe(200)
    expect(correction.headers['content-type']).toBe('image/png')

    const intruder = await createAccount(t.app, t.db)
    const otherManager = await createAccount(t.app, t.db, 'manager')
    for (const token of [intruder.token, otherManager.token]) {
      for (const url of [fileUrl, correctionUrl]) {
        const response = await get(t, token, url)
        expect(response.statusCode).toBe(404)
        expect(response.json()).toEqual({ detail: 'Não encontrado' })
      }
    }
    // A file id of the right kind under another of the owner's activities is not found either.
    const second = (await createActivity(t.db, account.id, t.app.fileStorage)).turmaAlunoAtividade!
    expect((await get(t, account.token, `${API}/${second}/download-atividade/${ids.atividadeArquivo}/`)).statusCode).toBe(404)

    // A manager of the class's school reads both.
    const manager = await createAccount(t.app, t.db, 'manager')
    const [turma] = await t.db.orm.select({ companyId: turmas.companyId }).from(turmas).where(eq(turmas.id, ids.turma!))
    await t.db.orm.update(driveUsers).set({ companyId: turma!.companyId }).where(eq(driveUsers.userId, manager.id))
    expect((await get(t, manager.token, fileUrl)).statusCode).toBe(200)
    expect((await get(t, manager.token, correctionUrl)).statusCode).toBe(200)
    // Managers read; they do not list, send or delete as a student.
    expect((await send(t, manager.token, id)).statusCode).toBe(403)
  })

  it('deletes a sent file: gone from the list and from storage; a replay of its key is 410', async () => {
    const { account, id } = await studentWithActivity(t)
    const bytes = sampleFile('application/pdf', 3 * KB)
    const receipt = (await send(t, account.token, id, { key: 'excluir-0001', bytes })).json<ArquivoAtividade>()
    const before = await stored()

    const intruder = await createAccount(t.app, t.db)
    const url = `${API}/${id}/excluir-atividade/${receipt.id}/`
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(intruder.token) })).statusCode).toBe(404)
    expect(await stored()).toEqual(before)

    const deleted = await t.app.inject({ method: 'DELETE', url, headers: bearer(account.token) })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(deleted.json<TurmaAlunoAtividade>()).toMatchObject({ id, arquivos: [] })
    expect(await stored()).toHaveLength(before.length - 1)
    const [row] = await sentRows(t, id)
    expect(row!.excluidoEm).toBeInstanceOf(Date)
    expect((await get(t, account.token, `${API}/${id}/download-atividade/${receipt.id}/`)).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(account.token) })).statusCode).toBe(404)

    // The outbox sending the same send again late does not bring it back.
    const late = await send(t, account.token, id, { key: 'excluir-0001', bytes })
    expect(late.statusCode).toBe(410)
    expect(late.json()).toEqual({ detail: SEND_DELETED })
    expect(await stored()).toHaveLength(before.length - 1)
  })

  it('keeps the file of a corrected activity (409)', async () => {
    const { account, id, ids } = await studentWithActivity(t, { arquivo: true, correcao: true })
    const before = await stored()
    const response = await t.app.inject({
      method: 'DELETE',
      url: `${API}/${id}/excluir-atividade/${ids.atividadeArquivo}/`,
      headers: bearer(account.token),
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ detail: ALREADY_CORRECTED })
    expect(await stored()).toEqual(before)
    expect((await sentRows(t, id))[0]!.excluidoEm).toBeNull()
  })

  it('records presence in an activity class within its window, once; 409 outside it or without a class', async () => {
    const presence = (token: string, turmaAtividadeId: number) =>
      t.app.inject({ method: 'PUT', url: `${API}/turma-atividade/${turmaAtividadeId}/presenca-aluno/`, headers: bearer(token) })
    const startedTenMinutesAgo = new Date(Date.now() - 10 * 60_000)
    const { account, id, ids } = await studentWithActivity(t, { aulaEm: startedTenMinutesAgo })

    const intruder = await createAccount(t.app, t.db)
    expect((await presence(intruder.token, ids.turmaAtividade!)).statusCode).toBe(404)

    const first = await presence(account.token, ids.turmaAtividade!)
    expect(first.statusCode, first.body).toBe(200)
    const recorded = first.json<TurmaAlunoAtividade>()
    expect(recorded).toMatchObject({ id, turma_atividade_id: ids.turmaAtividade, aula_em: startedTenMinutesAgo.toISOString() })
    expect(Date.parse(recorded.presenca_em!)).toBeGreaterThan(Date.now() - 60_000)
    const again = await presence(account.token, ids.turmaAtividade!)
    expect(again.json<TurmaAlunoAtividade>().presenca_em).toBe(recorded.presenca_em)
    const [row] = await t.db.orm.select().from(turmaAlunoAtividades).where(eq(turmaAlunoAtividades.id, id))
    expect(row!.presencaEm!.toISOString()).toBe(recorded.presenca_em)

    const cases: [Date | null, string][] = [
      [null, NO_CLASS],
      [new Date(Date.now() + 60 * 60_000), PRESENCE_TOO_EARLY],
      [new Date(Date.now() - 4 * 60 * 60_000), PRESENCE_TOO_LATE],
    ]
    for (const [aulaEm, detail] of cases) {
      const other = await studentWithActivity(t, { aulaEm })
      const response = await presence(other.account.token, other.ids.turmaAtividade!)
      expect(response.statusCode).toBe(409)
      expect(response.json()).toEqual({ detail })
      const [untouched] = await t.db.orm.select().from(turmaAlunoAtividades).where(eq(turmaAlunoAtividades.id, other.id))
      expect(untouched!.presencaEm).toBeNull()
    }
    // Opens 30 minutes before the start.
    const soon = await studentWithActivity(t, { aulaEm: new Date(Date.now() + 20 * 60_000) })
    expect((await presence(soon.account.token, soon.ids.turmaAtividade!)).statusCode).toBe(200)
  })

  it('answers 401 without a token, before reading any upload', async () => {
    const { id } = await studentWithActivity(t)
    const before = await stored()
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/${id}/enviar-arquivo-atividade/`,
      payload: multipartPayload([
        { name: 'file', filename: 'a.pdf', contentType: 'application/pdf', bytes: sampleFile('application/pdf', KB) },
      ]),
      headers: { 'content-type': MULTIPART_TYPE, 'idempotency-key': 'sem-token-0001' },
    })
    expect(response.statusCode).toBe(401)
    expect(await stored()).toEqual(before)
  })
})

describe('activities with files on the S3 stand-in (S3_* configured)', () => {
  let s3: S3StandIn
  let t: TestApp
  let student: TestAccount

  beforeAll(async () => {
    s3 = await startS3StandIn()
    t = await createTestApp({ s3: s3.settings })
    student = await createAccount(t.app, t.db)
  })
  afterAll(async () => {
    await t?.close()
    await s3?.close()
  })

  it('stores a send in the bucket once, replays included, and serves the same bytes', async () => {
    const id = (await createActivity(t.db, student.id, t.app.fileStorage)).turmaAlunoAtividade!
    const before = await s3.keys()
    const bytes = sampleFile('audio/ogg', 300 * KB)
    const upload = { key: 'envio-s3-000001', bytes, type: 'audio/ogg', filename: 'leitura.ogg' }
    const answers = await Promise.all([
      send(t, student.token, id, upload),
      send(t, student.token, id, upload),
      send(t, student.token, id, upload),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201])
    const receipt = answers[0]!.json<ArquivoAtividade>()
    const keys = await s3.keys()
    expect(keys).toHaveLength(before.length + 1)
    const [row] = await sentRows(t, id)
    expect(keys).toContain(row!.chave)

    const download = await get(t, student.token, `${API}/${id}/download-atividade/${receipt.id}/`)
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('audio/ogg')
    expect(sha256(download.rawPayload)).toBe(sha256(bytes))
  })

  it('streams a file larger than one S3 part (a multipart upload) intact', async () => {
    const id = (await createActivity(t.db, student.id, t.app.fileStorage)).turmaAlunoAtividade!
    const bytes = sampleFile('application/pdf', 12 * 1024 * KB)
    bytes.forEach((_, index) => index > 8 && index % 4099 === 0 && (bytes[index] = index % 251))
    const response = await send(t, student.token, id, { bytes })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json<ArquivoAtividade>().sha256).toBe(sha256(bytes))
    const download = await get(t, student.token, `${API}/${id}/download-atividade/${response.json<ArquivoAtividade>().id}/`)
    expect(download.rawPayload.length).toBe(bytes.length)
    expect(sha256(download.rawPayload)).toBe(sha256(bytes))
  })

  it('leaves the bucket as it was when a file is refused, and removes a deleted one', async () => {
    const id = (await createActivity(t.db, student.id, t.app.fileStorage)).turmaAlunoAtividade!
    const before = await s3.keys()
    expect((await send(t, student.token, id, { bytes: new TextEncoder().encode('MZ não é PDF') })).statusCode).toBe(415)
    expect((await send(t, student.token, id, { bytes: sampleFile('application/pdf', ACTIVITY_FILE.maxBytes + 1) })).statusCode).toBe(413)
    expect(await s3.keys()).toEqual(before)

    const receipt = (await send(t, student.token, id)).json<ArquivoAtividade>()
    expect(await s3.keys()).toHaveLength(before.length + 1)
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${API}/${id}/excluir-atividade/${receipt.id}/`,
      headers: bearer(student.token),
    })
    expect(deleted.statusCode).toBe(200)
    expect(await s3.keys()).toEqual(before)
  })

  it('stores the demo activities there too', async () => {
    const demo = await createTestApp({ s3: s3.settings }, { seedDemoFiles: true })
    try {
      const ana = await demoToken(demo.app, 'ana')
      const classes = (await get(demo, ana, '/api/v1/at-home/turmas/')).json<Turma[]>()
      const espanhol = classes.find((turma) => turma.nome === 'Espanhol — Básico 1')!
      const [tarefa] = (await get(demo, ana, `${API}/turma-aluno/${espanhol.turma_aluno_id}/`)).json<TurmaAlunoAtividade[]>()
      const download = await get(demo, ana, `${API}/${tarefa!.id}/download-atividade/${tarefa!.arquivos[0]!.id}/`)
      expect(download.statusCode).toBe(200)
      expect(sha256(download.rawPayload)).toBe(tarefa!.arquivos[0]!.sha256)
      const [stored] = await demo.db.orm
        .select({ chave: atividadeArquivos.chave })
        .from(atividadeArquivos)
        .innerJoin(turmaAlunoAtividades, eq(turmaAlunoAtividades.id, atividadeArquivos.turmaAlunoAtividadeId))
        .innerJoin(turmaAtividades, eq(turmaAtividades.id, turmaAlunoAtividades.turmaAtividadeId))
        .where(eq(turmaAtividades.titulo, 'Tarea — Presentación personal'))
      expect(await s3.keys()).toContain(stored!.chave)
    } finally {
      await demo.close()
    }
  })
})
