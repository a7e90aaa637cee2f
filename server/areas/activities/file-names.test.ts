import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ArquivoAtividade } from '../../../src/contract/schemas/atividade.ts'
import { atividadeArquivos } from './schema.ts'
import { attachment } from '../../http/contract-route.ts'
import { createAccount, createActivity, type TestAccount } from '../../test/accounts.ts'
import { bearer, createTestApp, type TestApp } from '../../test/app.ts'
import { MULTIPART_TYPE, multipartPayload, sampleFile } from '../../test/multipart.ts'

/**
 * Honest file names on the real upload and download (issue 36 item 7): a misleading
 * name is stored cleaned, with the extension of the type its bytes were checked against,
 * and offered back under that name.
 */

const API = '/api/v1/turma-aluno-atividades'

describe('file names of activity uploads', () => {
  let t: TestApp
  let student: TestAccount

  beforeAll(async () => {
    t = await createTestApp()
    student = await createAccount(t.app, t.db)
  })
  afterAll(() => t.close())

  async function sendAndDownload(filename: string, type: string) {
    const id = (await createActivity(t.db, student.id, t.app.fileStorage)).turmaAlunoAtividade!
    const sent = await t.app.inject({
      method: 'POST',
      url: `${API}/${id}/enviar-arquivo-atividade/`,
      payload: multipartPayload([{ name: 'file', filename, contentType: type, bytes: sampleFile(type, 2048) }]),
      headers: { ...bearer(student.token), 'content-type': MULTIPART_TYPE, 'idempotency-key': randomUUID() },
    })
    expect(sent.statusCode, sent.body).toBe(201)
    const receipt = sent.json<ArquivoAtividade>()
    const [row] = await t.db.orm.select().from(atividadeArquivos).where(eq(atividadeArquivos.id, receipt.id))
    const download = await t.app.inject({
      method: 'GET',
      url: `${API}/${id}/download-atividade/${receipt.id}/`,
      headers: bearer(student.token),
    })
    expect(download.statusCode).toBe(200)
    return { id, receipt, row: row!, download }
  }

  it.each([
    ['x.pdf.html', 'application/pdf', 'x.pdf'],
    ['evil\u202Efdp.exe', 'application/pdf', 'evilfdp.pdf'],
    ['\u2067foto\u2069\u200E.png.exe', 'image/png', 'foto.png'],
    ['áudio\u0000\u0085 da aula.mp3', 'audio/mpeg', 'áudio da aula.mp3'],
    ['redação', 'application/pdf', 'redação.pdf'],
  ])('%j sent as %s is stored, answered and offered back as %j', async (sent, type, honest) => {
    const { receipt, row, download } = await sendAndDownload(sent, type)
    expect(receipt.nome).toBe(honest)
    expect(row.nome).toBe(honest)
    expect(download.headers['content-type']).toBe(type)
    expect(download.headers['content-disposition']).toBe(attachment(honest))
    expect(download.headers['x-content-type-options']).toBe('nosniff')
  })

  it('offers a row stored before names were made honest under its honest name', async () => {
    const { id, receipt } = await sendAndDownload('antigo.pdf', 'application/pdf')
    await t.db.orm.update(atividadeArquivos).set({ nome: 'evil\u202Efdp.exe' }).where(eq(atividadeArquivos.id, receipt.id))
    const download = await t.app.inject({
      method: 'GET',
      url: `${API}/${id}/download-atividade/${receipt.id}/`,
      headers: bearer(student.token),
    })
    expect(download.headers['content-disposition']).toBe(`attachment; filename="evilfdp.pdf"; filename*=UTF-8''evilfdp.pdf`)
  })
})
