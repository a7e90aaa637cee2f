import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { KNN_USA_FILE, KNN_USA_TEXTS } from '../../../src/contract/endpoints/knn-usa.ts'
import {
  menorNaViagem,
  type KnnUsaRequest,
  type KnnUsaRequestGestao,
  type PagamentoUsa,
  type TurmaUsa,
} from '../../../src/contract/schemas/knn-usa.ts'
import { setRate } from '../cambio/repository.ts'
import { KNN_USA_ENTITY } from './repository.ts'
import { confirmPixCharge, pendingPixCharges } from '../payments/repository.ts'
import { knnUsaDocumentos, knnUsaRequests, knnUsaTurmas } from './schema.ts'
import { cobrancas } from '../payments/schema.ts'
import { DEMO_PASSWORD, seedDemo } from '../../db/seed.ts'
import { DEMO_OVERSEAS_CLASSES, seedOverseasStudyFiles } from './seed.ts'

import { createAccount, type TestAccount } from '../../test/accounts.ts'
import { bearer, jsonRequest, loginToken, testAppForFile } from '../../test/app.ts'
import { createKnnUsaRequest, createKnnUsaClass, daysFromNow } from '../../test/knn-usa.ts'
import { filesOnDisk, MULTIPART_TYPE, multipartPayload, sampleFile, type PartBody } from '../../test/multipart.ts'
import { managerAuditLog } from '../../db/manager-audit-schema.ts'

/**
 * KNN Orlando / London by Phenom (issue 14, D28, D29, D31), against the real
 * server and database (PGlite, and PostgreSQL in the server-postgres project).
 */

const t = testAppForFile()
let gestor: TestAccount
const student = () => createAccount(t.app, t.db)
const filesRoot = () => join(t.config.dataDir, 'files')

beforeAll(async () => {
  gestor = await createAccount(t.app, t.db, 'manager')
  // Known rates for the arithmetic (the demo's are server/areas/cambio/seed.ts's).
  await setRate(t.db.orm, 'USD', 5_341_200, '2026-11-20')
  await setRate(t.db.orm, 'GBP', 7_023_500, '2026-11-20')
})

const pdf = (name = 'passaporte.pdf', size = 2048): PartBody => ({
  name: 'files',
  filename: name,
  contentType: 'application/pdf',
  bytes: sampleFile('application/pdf', size),
})
const png = (name = 'autorizacao.png'): PartBody => ({
  name: 'files',
  filename: name,
  contentType: 'image/png',
  bytes: sampleFile('image/png', 1024),
})

interface RequestFields {
  turma_id: number
  passaporte_numero?: string
  passaporte_validade?: string
  data_nascimento?: string
  responsavel_nome?: string | null
  responsavel_cpf?: string | null
  documentos?: string[]
}

function sendRequest(token: string, fields: RequestFields, files: PartBody[] = [pdf()]): Promise<LightMyRequestResponse> {
  const json = {
    passaporte_numero: 'fz123456',
    passaporte_validade: daysFromNow(3650),
    data_nascimento: '2000-05-10',
    documentos: ['passaporte'],
    ...fields,
  }
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/knn-usa/request/',
    headers: { ...bearer(token), 'content-type': MULTIPART_TYPE },
    payload: multipartPayload([{ name: 'knn_usa_request_in', value: JSON.stringify(json) }, ...files]),
  })
}

function resendDocuments(token: string, id: number, documentos: string[], files: PartBody[]): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/v1/knn-usa/request/${id}/resend-document/`,
    headers: { ...bearer(token), 'content-type': MULTIPART_TYPE },
    payload: multipartPayload([{ name: 'knn_usa_resend_in', value: JSON.stringify({ documentos }) }, ...files]),
  })
}

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) })
const post = (token: string, url: string, body: unknown) => t.app.inject(jsonRequest('POST', `/api/v1${url}`, body, bearer(token)))
const deleteRequest = (token: string, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/knn-usa/request/${id}/`, headers: bearer(token) })

const issuesOf = (response: LightMyRequestResponse) =>
  (response.json<{ detail: { msg: string }[] }>().detail ?? []).map((issue) => issue.msg)
const requestRow = async (id: number) => (await t.db.orm.select().from(knnUsaRequests).where(eq(knnUsaRequests.id, id)))[0]!
const docsOf = (id: number) =>
  t.db.orm.select().from(knnUsaDocumentos).where(eq(knnUsaDocumentos.requestId, id)).orderBy(knnUsaDocumentos.id)

/** A birth date that makes the student `years` full years old on `day`, minus `daysBefore` days of their birthday. */
function bornYearsBefore(day: string, years: number, daysBefore = 0): string {
  const date = new Date(`${day}T12:00:00Z`)
  date.setUTCFullYear(date.getUTCFullYear() - years)
  date.setUTCDate(date.getUTCDate() + daysBefore)
  return date.toISOString().slice(0, 10)
}

describe('classes (GET /knn-usa/turmas/, D28, D29)', () => {
  it('lists classes still to depart, filtered by programme, with seats left and the reais at the day’s rate', async () => {
    const orlando = await createKnnUsaClass(t.db, { vagas: 3, precoCentavos: 350_000 })
    const london = await createKnnUsaClass(t.db, { programa: 'london', precoCentavos: 280_000 })
    const partiu = await createKnnUsaClass(t.db, { dataIda: daysFromNow(-1), dataVolta: daysFromNow(10) })
    const aluno = await student()
    await createKnnUsaRequest(t.db, aluno.id, t.app.fileStorage, { turmaId: orlando.id, status: 'em_analise' })

    const response = await get(aluno.token, '/knn-usa/turmas/?programa=orlando')
    expect(response.statusCode, response.body).toBe(200)
    const turmas = response.json<TurmaUsa[]>()
    expect(turmas.every((turma) => turma.programa === 'orlando' && turma.moeda === 'USD')).toBe(true)
    expect(turmas.find((turma) => turma.id === partiu.id)).toBeUndefined()
    // US$ 3.500,00 × 5,3412 = R$ 18.694,20 (no IOF).
    expect(turmas.find((turma) => turma.id === orlando.id)).toMatchObject({
      vagas: 3,
      vagas_restantes: 2,
      preco: 350_000,
      estimativa_reais: 1_869_420,
      taxa: 5.3412,
      taxa_data: '2026-11-20',
    })
    const londonClasses = (await get(aluno.token, '/knn-usa/turmas/?programa=london')).json<TurmaUsa[]>()
    expect(londonClasses.find((turma) => turma.id === london.id)).toMatchObject({
      moeda: 'GBP',
      cidade: 'Londres',
      estimativa_reais: 1_966_580,
    })
    expect(londonClasses.every((turma) => turma.programa === 'london')).toBe(true)
    const both = (await get(aluno.token, '/knn-usa/turmas/')).json<TurmaUsa[]>()
    expect(both.map((turma) => turma.id)).toEqual(expect.arrayContaining([orlando.id, london.id]))
  })

  it('lists the document kinds: the passport always, the travel authorisation only for minors', async () => {
    const response = await get((await student()).token, '/knn-usa/request/document/')
    expect(response.json()).toEqual([
      expect.objectContaining({ tipo: 'passaporte', somente_menores: false }),
      expect.objectContaining({ tipo: 'autorizacao_viagem', somente_menores: true }),
    ])
  })
})

describe('sending a request (POST /knn-usa/request/, multipart)', () => {
  it('an adult with a passport: 201 em_analise, the file stored and served back; me and from-request answer it', async () => {
    const turma = await createKnnUsaClass(t.db)
    const aluno = await student()
    expect((await get(aluno.token, '/knn-usa/request/me/')).json()).toBeNull()
    const response = await sendRequest(aluno.token, { turma_id: turma.id })
    expect(response.statusCode, response.body).toBe(201)
    const request = response.json<KnnUsaRequest>()
    expect(request).toMatchObject({
      turma_id: turma.id,
      programa: 'orlando',
      status: 'em_analise',
      passaporte_numero: 'FZ123456',
      menor: false,
      responsavel_nome: null,
      pendencia: null,
    })
    expect(request.documentos).toEqual([expect.objectContaining({ tipo: 'passaporte', nome: 'passaporte.pdf', status: 'enviado' })])
    expect((await get(aluno.token, '/knn-usa/request/me/')).json()).toEqual(request)
    expect((await get(aluno.token, '/knn-usa/turmas/from-request/')).json()).toMatchObject({
      id: turma.id,
      vagas_restantes: turma.vagas - 1,
    })

    const download = await get(aluno.token, `/knn-usa/request/${request.id}/document/${request.documentos[0]!.id}/`)
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/pdf')
    expect(download.headers['content-disposition']).toContain('attachment; filename="passaporte.pdf"')
    expect(download.rawPayload.equals(Buffer.from(sampleFile('application/pdf', 2048)))).toBe(true)
  })

  it('one open request per student: a second is 409 and leaves no file behind', async () => {
    const turma = await createKnnUsaClass(t.db)
    const aluno = await student()
    expect((await sendRequest(aluno.token, { turma_id: turma.id })).statusCode).toBe(201)
    const before = await filesOnDisk(filesRoot())
    const again = await sendRequest(aluno.token, { turma_id: turma.id })
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toBe(KNN_USA_TEXTS.requestAberta)
    expect(await filesOnDisk(filesRoot())).toEqual(before)
  })

  it('a passport that ends on the return day is refused (422) with the date, nothing written', async () => {
    const turma = await createKnnUsaClass(t.db, { dataIda: '2030-01-10', dataVolta: '2030-01-25' })
    const aluno = await student()
    const before = await filesOnDisk(filesRoot())
    const response = await sendRequest(aluno.token, { turma_id: turma.id, passaporte_validade: '2030-01-25' })
    expect(response.statusCode).toBe(422)
    expect(issuesOf(response)).toEqual([KNN_USA_TEXTS.passaporteVencido('25/01/2030')])
    expect(await filesOnDisk(filesRoot())).toEqual(before)
    expect(await t.db.orm.select().from(knnUsaRequests).where(eq(knnUsaRequests.userId, aluno.id))).toEqual([])
    expect((await sendRequest(aluno.token, { turma_id: turma.id, passaporte_validade: '2030-01-26' })).statusCode).toBe(201)
  })

  it('underage on the departure day (SPEC §5): guardian name, a valid CPF and the travel authorisation are required', async () => {
    const turma = await createKnnUsaClass(t.db)
    const aluno = await student()
    // 17 on departure (18 the day after).
    const nascimento = bornYearsBefore(turma.dataIda, 18, 1)
    const bare = await sendRequest(aluno.token, { turma_id: turma.id, data_nascimento: nascimento })
    expect(bare.statusCode).toBe(422)
    expect(issuesOf(bare)).toEqual([
      KNN_USA_TEXTS.responsavelNome,
      KNN_USA_TEXTS.responsavelCpf,
      KNN_USA_TEXTS.documentosFaltando('autorização de viagem'),
    ])
    const badCpf = await sendRequest(
      aluno.token,
      {
        turma_id: turma.id,
        data_nascimento: nascimento,
        responsavel_nome: 'Maria Responsável',
        responsavel_cpf: '111.111.111-11',
        documentos: ['passaporte', 'autorizacao_viagem'],
      },
      [pdf(), png()],
    )
    expect(badCpf.statusCode).toBe(422)
    expect(issuesOf(badCpf)).toEqual(['CPF inválido'])
    expect(await t.db.orm.select().from(knnUsaRequests).where(eq(knnUsaRequests.userId, aluno.id))).toEqual([])

    const ok = await sendRequest(
      aluno.token,
      {
        turma_id: turma.id,
        data_nascimento: nascimento,
        responsavel_nome: 'Maria Responsável',
        responsavel_cpf: '529.982.247-25',
        documentos: ['passaporte', 'autorizacao_viagem'],
      },
      [pdf(), png()],
    )
    expect(ok.statusCode, ok.body).toBe(201)
    expect(ok.json<KnnUsaRequest>()).toMatchObject({ menor: true, responsavel_nome: 'Maria Responsável', responsavel_cpf: '52998224725' })
    expect(ok.json<KnnUsaRequest>().documentos.map((doc) => [doc.tipo, doc.tipo_midia])).toEqual([
      ['passaporte', 'application/pdf'],
      ['autorizacao_viagem', 'image/png'],
    ])
  })

  it('18 on the departure day is an adult: no guardian, and a travel authorisation is not taken', async () => {
    const turma = await createKnnUsaClass(t.db)
    const aluno = await student()
    const nascimento = bornYearsBefore(turma.dataIda, 18)
    const extra = await sendRequest(
      aluno.token,
      { turma_id: turma.id, data_nascimento: nascimento, documentos: ['passaporte', 'autorizacao_viagem'] },
      [pdf(), png()],
    )
    expect(extra.statusCode).toBe(422)
    expect(issuesOf(extra)).toEqual([KNN_USA_TEXTS.documentoNaoPedido('autorização de viagem')])
    const response = await sendRequest(aluno.token, { turma_id: turma.id, data_nascimento: nascimento })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({ menor: false, responsavel_nome: null })
  })

  it('files: the wrong type 415, a disguised one 415, over 10 MB 413, a file per kind 422 — nothing stored', async () => {
    const turma = await createKnnUsaClass(t.db)
    const aluno = await student()
    const before = await filesOnDisk(filesRoot())
    const word = await sendRequest(aluno.token, { turma_id: turma.id }, [
      { name: 'files', filename: 'passaporte.docx', contentType: 'application/msword', bytes: sampleFile('application/pdf', 100) },
    ])
    expect(word.statusCode).toBe(415)
    expect(word.json().detail).toMatch(/^Tipo de arquivo não aceito/)
    const disguised = await sendRequest(aluno.token, { turma_id: turma.id }, [
      { name: 'files', filename: 'passaporte.pdf', contentType: 'application/pdf', bytes: new TextEncoder().encode('MZ\u0090 executável') },
    ])
    expect(disguised.statusCode).toBe(415)
    const big = await sendRequest(aluno.token, { turma_id: turma.id }, [pdf('grande.pdf', KNN_USA_FILE.maxBytes + 1)])
    expect(big.statusCode).toBe(413)
    expect(big.json().detail).toBe('O arquivo excede o limite de 10 MB.')
    const unpaired = await sendRequest(aluno.token, { turma_id: turma.id }, [pdf(), pdf('outro.pdf')])
    expect(unpaired.statusCode).toBe(422)
    expect(issuesOf(unpaired)).toEqual([KNN_USA_TEXTS.arquivosDocumentos])
    const none = await sendRequest(aluno.token, { turma_id: turma.id }, [])
    expect(none.statusCode).toBe(422)
    expect(await filesOnDisk(filesRoot())).toEqual(before)
    expect(await t.db.orm.select().from(knnUsaRequests).where(eq(knnUsaRequests.userId, aluno.id))).toEqual([])
  })

  it('seats: of 5 students at once for the last 2 seats, two get in and three get 409; a cancel frees a seat', async () => {
    const turma = await createKnnUsaClass(t.db, { vagas: 2 })
    const alunos = await Promise.all(Array.from({ length: 5 }, () => student()))
    const responses = await Promise.all(alunos.map((aluno) => sendRequest(aluno.token, { turma_id: turma.id })))
    const codes = responses.map((response) => response.statusCode).sort()
    expect(codes).toEqual([201, 201, 409, 409, 409])
    for (const response of responses.filter((item) => item.statusCode === 409)) expect(response.json().detail).toBe(KNN_USA_TEXTS.semVagas)
    const held = await t.db.orm.select().from(knnUsaRequests).where(eq(knnUsaRequests.turmaId, turma.id))
    expect(held).toHaveLength(2)
    const winner = responses.findIndex((response) => response.statusCode === 201)
    const loser = responses.findIndex((response) => response.statusCode === 409)
    expect((await deleteRequest(alunos[winner]!.token, responses[winner]!.json<KnnUsaRequest>().id)).statusCode).toBe(200)
    expect((await sendRequest(alunos[loser]!.token, { turma_id: turma.id })).statusCode).toBe(201)
  })

  it('a class that departed is 409, an unknown one 404', async () => {
    const turma = await createKnnUsaClass(t.db, { dataIda: daysFromNow(-2), dataVolta: daysFromNow(12) })
    const aluno = await student()
    const departed = await sendRequest(aluno.token, { turma_id: turma.id, data_nascimento: '1990-01-01' })
    expect(departed.statusCode).toBe(409)
    expect(departed.json().detail).toBe(KNN_USA_TEXTS.turmaPartiu)
    const unknown = await sendRequest(aluno.token, { turma_id: 2_000_000_000 })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('the review (D28 lifecycle, D31 managers)', () => {
  it('ask again → resend only what was asked → approve; forbidden moves 409; every manager move audited', async () => {
    const turma = await createKnnUsaClass(t.db)
    const aluno = await student()
    const created = (await sendRequest(aluno.token, { turma_id: turma.id })).json<KnnUsaRequest>()
    const id = created.id
    const base = `/knn-usa/manager/requests/${id}`

    // Nothing asked yet: resend is 409.
    const early = await resendDocuments(aluno.token, id, ['passaporte'], [pdf('novo.pdf')])
    expect(early.statusCode).toBe(409)
    expect(early.json().detail).toBe(KNN_USA_TEXTS.transicao('Em análise', 'reenviar documentos (a escola não pediu nenhum)'))

    // The student cannot call the managers' endpoints.
    expect((await post(aluno.token, `${base}/approve/`, { de: 'em_analise' })).statusCode).toBe(403)
    // A manager who saw another status: 409, nothing changes.
    const stale = await post(gestor.token, `${base}/approve/`, { de: 'documentos_pendentes' })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().detail).toBe(KNN_USA_TEXTS.alteradaPorOutro)
    // An adult's request takes no travel authorisation.
    const notApplicable = await post(gestor.token, `${base}/ask-documents/`, {
      de: 'em_analise',
      tipos: ['autorizacao_viagem'],
      motivo: 'Falta a autorização.',
    })
    expect(notApplicable.statusCode).toBe(422)

    const asked = await post(gestor.token, `${base}/ask-documents/`, {
      de: 'em_analise',
      tipos: ['passaporte'],
      motivo: 'A foto está ilegível.',
    })
    expect(asked.statusCode, asked.body).toBe(200)
    expect(asked.json<KnnUsaRequestGestao>()).toMatchObject({
      status: 'documentos_pendentes',
      pendencia: { tipos: ['passaporte'], motivo: 'A foto está ilegível.' },
      historico: [
        expect.objectContaining({
          acao: 'knn-usa.ask-documents',
          de: 'em_analise',
          para: 'documentos_pendentes',
          motivo: 'A foto está ilegível.',
        }),
      ],
    })
    expect((await get(aluno.token, '/knn-usa/request/me/')).json<KnnUsaRequest>().documentos[0]).toMatchObject({
      status: 'reenviar',
      motivo: 'A foto está ilegível.',
    })
    // Approving while documents are pending is not a move D28 has.
    const forbidden = await post(gestor.token, `${base}/approve/`, { de: 'documentos_pendentes' })
    expect(forbidden.statusCode).toBe(409)
    expect(forbidden.json().detail).toBe(KNN_USA_TEXTS.transicao('Documentos pendentes', 'aprová-la'))

    // Resending a kind not asked, or nothing of what was asked: 422, nothing stored.
    const before = await filesOnDisk(filesRoot())
    const wrong = await resendDocuments(aluno.token, id, ['autorizacao_viagem'], [png()])
    expect(wrong.statusCode).toBe(422)
    expect(issuesOf(wrong)).toEqual([
      KNN_USA_TEXTS.documentosFaltando('passaporte'),
      KNN_USA_TEXTS.documentoNaoPedido('autorização de viagem'),
    ])
    expect(await filesOnDisk(filesRoot())).toEqual(before)

    const resent = await resendDocuments(aluno.token, id, ['passaporte'], [pdf('passaporte-nitido.pdf')])
    expect(resent.statusCode, resent.body).toBe(200)
    expect(resent.json<KnnUsaRequest>()).toMatchObject({ status: 'em_analise', pendencia: null })
    expect(resent.json<KnnUsaRequest>().documentos).toEqual([expect.objectContaining({ nome: 'passaporte-nitido.pdf', status: 'enviado' })])
    expect((await docsOf(id)).map((doc) => [doc.nome, doc.status])).toEqual([
      ['passaporte.pdf', 'substituido'],
      ['passaporte-nitido.pdf', 'enviado'],
    ])

    const approved = await post(gestor.token, `${base}/approve/`, { de: 'em_analise' })
    expect(approved.statusCode, approved.body).toBe(200)
    const gestao = approved.json<KnnUsaRequestGestao>()
    expect(gestao.status).toBe('aprovado')
    // The managers' view lists the replaced copy too.
    expect(gestao.documentos.map((doc) => doc.status)).toEqual(['substituido', 'enviado'])
    expect(gestao.historico.map((entry) => [entry.acao, entry.de, entry.para])).toEqual([
      ['knn-usa.ask-documents', 'em_analise', 'documentos_pendentes'],
      ['knn-usa.approve', 'em_analise', 'aprovado'],
    ])
    const audit = await t.db.orm
      .select()
      .from(managerAuditLog)
      .where(and(eq(managerAuditLog.entity, KNN_USA_ENTITY), eq(managerAuditLog.entityId, String(id))))
      .orderBy(managerAuditLog.id)
    expect(audit.map((row) => [row.managerId, row.action, row.before, row.after])).toEqual([
      [
        gestor.id,
        'knn-usa.ask-documents',
        { status: 'em_analise' },
        { status: 'documentos_pendentes', tipos: ['passaporte'], motivo: 'A foto está ilegível.' },
      ],
      [gestor.id, 'knn-usa.approve', { status: 'em_analise' }, { status: 'aprovado' }],
    ])
    // The passport number is in no audit row.
    expect(JSON.stringify(audit)).not.toContain('FZ123456')

    // The list: by status, with the tabs' counts.
    const page = await get(gestor.token, '/knn-usa/manager/requests/?status=aprovado&programa=orlando&limit=100')
    expect(page.statusCode).toBe(200)
    expect(page.json().items.map((item: KnnUsaRequestGestao) => item.id)).toContain(id)
    expect(page.json().items.every((item: KnnUsaRequestGestao) => item.status === 'aprovado')).toBe(true)
    expect(page.json().por_status).toEqual(expect.arrayContaining([expect.objectContaining({ status: 'aprovado' })]))
  })

  it('the managers’ list pages through every request oldest first, the second half read from the end in the same order', async () => {
    for (let i = 0; i < 4; i++) await createKnnUsaRequest(t.db, (await student()).id, t.app.fileStorage)
    const ids = (path: string) =>
      get(gestor.token, path).then((response) => response.json<{ items: KnnUsaRequestGestao[]; total: number }>())
    const whole = await ids('/knn-usa/manager/requests/?limit=100')
    expect(whole.items).toHaveLength(whole.total)
    const paged: number[] = []
    for (let offset = 0; offset < whole.total; offset += 3) {
      const page = await ids(`/knn-usa/manager/requests/?limit=3&offset=${offset}`)
      expect(page.total).toBe(whole.total)
      paged.push(...page.items.map((item) => item.id))
    }
    expect(paged).toEqual(whole.items.map((item) => item.id))
  })

  it('documents: the owner and a manager read them; another student gets 404', async () => {
    const owner = await student()
    const other = await student()
    const { requestId, documentoId } = await createKnnUsaRequest(t.db, owner.id, t.app.fileStorage)
    const url = `/knn-usa/request/${requestId}/document/${documentoId}/`
    expect((await get(owner.token, url)).statusCode).toBe(200)
    const asManager = await get(gestor.token, url)
    expect(asManager.statusCode).toBe(200)
    expect(asManager.headers['content-disposition']).toMatch(/^attachment;/)
    expect(asManager.headers['cache-control']).toBe('private, no-store')
    const foreign = await get(other.token, url)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().detail).toBe(KNN_USA_TEXTS.documentoNotFound)
    expect((await get(other.token, `/knn-usa/payment/${requestId}/`)).statusCode).toBe(404)
    expect((await deleteRequest(other.token, requestId)).statusCode).toBe(404)
    // Not under the web root: the storage key is no URL of the site.
    const [doc] = await docsOf(requestId)
    expect((await t.app.inject({ method: 'GET', url: `/${doc!.chave}` })).statusCode).not.toBe(200)
  })

  it('a manager cancels with a reason: the seat is freed, the documents erased, the student sees why', async () => {
    const aluno = await student()
    const { requestId, chave } = await createKnnUsaRequest(t.db, aluno.id, t.app.fileStorage, { status: 'em_analise' })
    const cancelled = await post(gestor.token, `/knn-usa/manager/requests/${requestId}/cancel/`, {
      de: 'em_analise',
      motivo: 'Turma remanejada.',
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json()).toMatchObject({ status: 'cancelado', motivo_cancelamento: 'Turma remanejada.', documentos: [] })
    expect(await t.app.fileStorage.get(chave)).toBeNull()
    expect((await get(aluno.token, '/knn-usa/request/me/')).json()).toMatchObject({
      status: 'cancelado',
      motivo_cancelamento: 'Turma remanejada.',
    })
    const again = await post(gestor.token, `/knn-usa/manager/requests/${requestId}/cancel/`, { de: 'cancelado', motivo: 'De novo.' })
    expect(again.statusCode).toBe(409)
    const audit = await t.db.orm
      .select()
      .from(managerAuditLog)
      .where(eq(managerAuditLog.entityId, String(requestId)))
    expect(audit.filter((row) => row.entity === KNN_USA_ENTITY).map((row) => row.action)).toEqual(['knn-usa.cancel'])
  })
})

const cardPayment = (requestId: number, parcelas = 10) => ({
  request_id: requestId,
  titular: 'Aluno Teste',
  numero: '4111111111111111',
  validade_mes: 12,
  validade_ano: new Date().getUTCFullYear() + 1,
  cvv: '123',
  parcelas,
})
const payByCard = (token: string, body: unknown) => t.app.inject(jsonRequest('PUT', '/api/v1/knn-usa/payment/', body, bearer(token)))
const payByPix = (token: string, requestId: number) => post(token, '/knn-usa/payment/', { request_id: requestId })
const chargesOf = (id: number) => t.db.orm.select().from(cobrancas).where(eq(cobrancas.knnUsaRequestId, id))

describe('payment (D28: reais at the day’s rate, pix or card up to 10, paid once)', () => {
  it('not before approval; then by card in 10 instalments once, concurrent payments charge once, and a paid request cannot be deleted', async () => {
    const aluno = await student()
    const { requestId } = await createKnnUsaRequest(t.db, aluno.id, t.app.fileStorage, { status: 'em_analise' })
    const early = await payByPix(aluno.token, requestId)
    expect(early.statusCode).toBe(409)
    expect(early.json().detail).toBe(KNN_USA_TEXTS.naoAprovada)
    await t.db.orm.update(knnUsaRequests).set({ status: 'aprovado' }).where(eq(knnUsaRequests.id, requestId))

    const quote = (await get(aluno.token, `/knn-usa/payment/${requestId}/`)).json<PagamentoUsa>()
    // US$ 3.500,00 × 5,3412.
    expect(quote).toMatchObject({ status: 'aprovado', preco: 350_000, moeda: 'USD', valor_reais: 1_869_420, pago_em: null })
    expect(quote.planos.map((plano) => plano.parcelas)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(quote.planos[9]!.valores.reduce((sum, value) => sum + value, 0)).toBe(1_869_420)

    expect((await payByCard(aluno.token, cardPayment(requestId, 11))).statusCode).toBe(422)
    const responses = await Promise.all(Array.from({ length: 4 }, () => payByCard(aluno.token, cardPayment(requestId))))
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409])
    const paid = responses.find((response) => response.statusCode === 201)!.json()
    expect(paid).toMatchObject({ valor: 1_869_420, parcelas: 10, final: '1111', parcela_id: null, pedido_id: null })
    for (const response of responses.filter((item) => item.statusCode === 409)) expect(response.json().detail).toBe(KNN_USA_TEXTS.jaPaga)
    expect((await chargesOf(requestId)).map((row) => [row.metodo, row.status, row.valorCentavos])).toEqual([['cartao', 'pago', 1_869_420]])
    expect(await requestRow(requestId)).toMatchObject({ status: 'pago', valorPagoCentavos: 1_869_420 })
    expect((await payByPix(aluno.token, requestId)).statusCode).toBe(409)

    const deleted = await deleteRequest(aluno.token, requestId)
    expect(deleted.statusCode).toBe(409)
    expect(deleted.json().detail).toBe(KNN_USA_TEXTS.pagaNaoExclui)
    expect((await get(aluno.token, `/knn-usa/payment/${requestId}/`)).json()).toMatchObject({ status: 'pago', valor_pago: 1_869_420 })
  })

  it('by Pix: one code at the day’s rate, reused; confirmed twice at once, paid once', async () => {
    const aluno = await student()
    const turma = await createKnnUsaClass(t.db, { programa: 'london', precoCentavos: 100_000 })
    const { requestId } = await createKnnUsaRequest(t.db, aluno.id, t.app.fileStorage, { status: 'aprovado', turmaId: turma.id })
    const first = await payByPix(aluno.token, requestId)
    expect(first.statusCode, first.body).toBe(200)
    // £ 1.000,00 × 7,0235.
    expect(first.json()).toMatchObject({ valor: 702_350, status: 'pendente' })
    expect((await payByPix(aluno.token, requestId)).json().txid).toBe(first.json().txid)
    // The demo's bank (/dev/pix) lists it under the class's name.
    expect((await pendingPixCharges(t.db.orm, new Date())).find((charge) => charge.txid === first.json().txid)).toMatchObject({
      descricao: turma.nome,
      valorCentavos: 702_350,
    })
    const at = new Date()
    const results = await Promise.all([
      confirmPixCharge(t.db.orm, first.json().txid, at),
      confirmPixCharge(t.db.orm, first.json().txid, at),
    ])
    expect(results.map((result) => result.confirmed).sort()).toEqual([false, true])
    expect(await requestRow(requestId)).toMatchObject({ status: 'pago', valorPagoCentavos: 702_350 })
    expect((await chargesOf(requestId)).map((row) => row.status)).toEqual(['pago'])
    expect((await payByCard(aluno.token, cardPayment(requestId))).statusCode).toBe(409)
  })

  it('a cancelled request is not paid (409), its pending Pix code withdrawn; another student’s is 404', async () => {
    const aluno = await student()
    const other = await student()
    const { requestId } = await createKnnUsaRequest(t.db, aluno.id, t.app.fileStorage, { status: 'aprovado' })
    const pix = (await payByPix(aluno.token, requestId)).json<{ txid: string }>()
    expect((await payByPix(other.token, requestId)).statusCode).toBe(404)
    expect((await payByCard(other.token, cardPayment(requestId))).statusCode).toBe(404)
    const deleted = await deleteRequest(aluno.token, requestId)
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json()).toMatchObject({ status: 'cancelado', documentos: [] })
    const response = await payByPix(aluno.token, requestId)
    expect(response.statusCode).toBe(409)
    expect(response.json().detail).toBe(KNN_USA_TEXTS.transicao('Cancelado', 'pagá-la'))
    expect((await chargesOf(requestId)).map((row) => row.status)).toEqual(['expirado'])
    expect(await confirmPixCharge(t.db.orm, pix.txid, new Date())).toEqual({ confirmed: false, reason: 'expired' })
    expect(await requestRow(requestId)).toMatchObject({ status: 'cancelado', pagoEm: null })
  })
})

describe('demo data', () => {
  it('Orlando and London classes with seats; orlando@ waits for the passport again, london@ is approved, orlando.menor@ is 16 at departure; seeding again adds nothing', async () => {
    // What `npm start` does at start (buildApp's seedDemoFiles; createTestApp leaves storage empty).
    await seedOverseasStudyFiles(t.db.orm, t.app.fileStorage)
    const orlando = await loginToken(t.app, 'orlando@example.com', DEMO_PASSWORD)
    const request = (await get(orlando, '/knn-usa/request/me/')).json<KnnUsaRequest>()
    expect(request).toMatchObject({ programa: 'orlando', status: 'documentos_pendentes', pendencia: { tipos: ['passaporte'] } })
    expect(request.documentos).toEqual([expect.objectContaining({ tipo: 'passaporte', status: 'reenviar' })])
    const pdf = await get(orlando, `/knn-usa/request/${request.id}/document/${request.documentos[0]!.id}/`)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')

    const london = await loginToken(t.app, 'london@example.com', DEMO_PASSWORD)
    expect((await get(london, '/knn-usa/request/me/')).json()).toMatchObject({ programa: 'london', status: 'aprovado' })

    const menor = await loginToken(t.app, 'orlando.menor@example.com', DEMO_PASSWORD)
    expect((await get(menor, '/knn-usa/request/me/')).json()).toBeNull()
    const me = (await get(menor, '/users/me/')).json<{ birth_date: string }>()
    const turmas = (await get(menor, '/knn-usa/turmas/')).json<TurmaUsa[]>()
    for (const demo of DEMO_OVERSEAS_CLASSES) {
      const turma = turmas.find((item) => item.nome === demo.nome)!
      expect(turma).toMatchObject({ programa: demo.programa, moeda: demo.moeda, vagas: demo.vagas })
      expect(turma.vagas_restantes).toBeGreaterThan(0)
      expect(menorNaViagem(me.birth_date, turma.data_ida)).toBe(true)
      // The class leaves in the month its name says ("Férias de julho" in July).
      expect(Number(turma.data_ida.slice(5, 7))).toBe(demo.ida.mes)
    }

    const count = async () => ({
      turmas: (await t.db.orm.select().from(knnUsaTurmas)).length,
      requests: (await t.db.orm.select().from(knnUsaRequests)).length,
      documentos: (await t.db.orm.select().from(knnUsaDocumentos)).length,
    })
    const before = await count()
    await seedDemo(t.db.orm)
    expect(await seedOverseasStudyFiles(t.db.orm, t.app.fileStorage)).toBe(0)
    expect(await count()).toEqual(before)
  })
})
