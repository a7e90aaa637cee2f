import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { CampanhaViagem, CodigoValidado, ValidacaoQrCode } from '../../../src/contract/schemas/travel-campaign.ts'
import { DEMO_CAMPAIGN_CODES, DEMO_CAMPAIGN_NAME } from './seed.ts'
import { campanhaParticipacoes, campanhaQrCodes, campanhasViagem, campanhaValidacoes } from './schema.ts'
import { createAccount, type TestAccount } from '../../test/accounts.ts'
import { bearer, demoToken, jsonRequest, testAppForFile } from '../../test/app.ts'
import { CAMPAIGN_NOT_FOUND, CODE_KEY_REUSED, CODE_UNKNOWN, NOT_ENROLLED } from './routes.ts'

const t = testAppForFile()

const DAY_MS = 24 * 3600 * 1000
const HOUR_MS = 3600 * 1000

/** A campaign from `inicio` to `fim` (ms from now) with codes worth 1 and 3 entries. */
async function campaign(inicio = -HOUR_MS, fim = 30 * DAY_MS) {
  const tag = randomBytes(4).toString('hex').toUpperCase()
  const [row] = await t.db.orm
    .insert(campanhasViagem)
    .values({
      nome: `Campanha de teste ${tag}`,
      descricao: 'Descrição de teste',
      regulamento: 'Regulamento de teste',
      premio: 'Uma viagem de teste',
      inicio: new Date(Date.now() + inicio),
      fim: new Date(Date.now() + fim),
    })
    .returning()
  const codes = { um: `UM-${tag}`, tres: `TRES-${tag}` }
  await t.db.orm.insert(campanhaQrCodes).values([
    { campanhaId: row!.id, codigo: codes.um, descricao: 'Código que vale 1', entradas: 1 },
    { campanhaId: row!.id, codigo: codes.tres, descricao: 'Código que vale 3', entradas: 3 },
  ])
  return { id: row!.id, nome: row!.nome, codes }
}

const join = (campanhaId: number, token: string, aceito: unknown = true) =>
  t.app.inject(jsonRequest('POST', '/api/v1/travel-campaigns/', { campanha_id: campanhaId, aceito_regulamento: aceito }, bearer(token)))
const validate = (codigo: string, token: string, key: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/travel-campaigns/qr-codes/validate/${codigo}/`,
    headers: { ...bearer(token), 'idempotency-key': key },
  })
const get = (path: string, token: string) => t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: bearer(token) })

async function enrolled(campanhaId: number): Promise<TestAccount> {
  const student = await createAccount(t.app, t.db)
  expect((await join(campanhaId, student.token)).statusCode).toBe(201)
  return student
}

async function validationsOf(userId: number) {
  return t.db.orm.select().from(campanhaValidacoes).where(eq(campanhaValidacoes.userId, userId))
}

describe('GET /travel-campaigns/{id}/ and POST /travel-campaigns/', () => {
  it('shows the campaign, enrols the student accepting the rules, and enrolling again changes nothing', async () => {
    const c = await campaign()
    const student = await createAccount(t.app, t.db)
    const before = await get(`/travel-campaigns/${c.id}/`, student.token)
    expect(before.statusCode).toBe(200)
    expect(before.json<CampanhaViagem>()).toMatchObject({
      id: c.id,
      nome: c.nome,
      regulamento: 'Regulamento de teste',
      premio: 'Uma viagem de teste',
      aberta: true,
      inscrito_em: null,
      entradas: 0,
      codigos_validados: 0,
    })

    const first = await join(c.id, student.token)
    expect(first.statusCode).toBe(201)
    const inscritoEm = first.json<CampanhaViagem>().inscrito_em
    expect(inscritoEm).not.toBeNull()
    const again = await join(c.id, student.token)
    expect(again.statusCode).toBe(200)
    expect(again.json<CampanhaViagem>().inscrito_em).toBe(inscritoEm)
    const rows = await t.db.orm
      .select()
      .from(campanhaParticipacoes)
      .where(and(eq(campanhaParticipacoes.campanhaId, c.id), eq(campanhaParticipacoes.userId, student.id)))
    expect(rows).toHaveLength(1)
  })

  it('refuses to enrol without accepting the rules (422) and stores nothing', async () => {
    const c = await campaign()
    const student = await createAccount(t.app, t.db)
    const response = await join(c.id, student.token, false)
    expect(response.statusCode).toBe(422)
    expect(JSON.stringify(response.json())).toContain('É preciso aceitar o regulamento para participar da campanha.')
    expect(await t.db.orm.select().from(campanhaParticipacoes).where(eq(campanhaParticipacoes.userId, student.id))).toHaveLength(0)
  })

  it('refuses to enrol in a campaign that ended (409) or does not exist (404)', async () => {
    const ended = await campaign(-10 * DAY_MS, -DAY_MS)
    const student = await createAccount(t.app, t.db)
    const late = await join(ended.id, student.token)
    expect(late.statusCode).toBe(409)
    expect(late.json<{ detail: string }>().detail).toMatch(/^As inscrições desta campanha terminaram em \d{2}\/\d{2}\/\d{4}\.$/)
    const missing = await join(2_000_000_000, student.token)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ detail: CAMPAIGN_NOT_FOUND })
  })

  it('"atual" is the open campaign that started last; an unknown id is 404', async () => {
    await campaign(DAY_MS, 10 * DAY_MS) // not started: never "atual"
    const open = await campaign(-1000)
    const student = await createAccount(t.app, t.db)
    const current = await get('/travel-campaigns/atual/', student.token)
    expect(current.statusCode).toBe(200)
    expect(current.json<CampanhaViagem>().id).toBe(open.id)
    const unknown = await get('/travel-campaigns/2000000000/', student.token)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ detail: CAMPAIGN_NOT_FOUND })
  })
})

describe('POST /travel-campaigns/qr-codes/validate/{id}/', () => {
  it('counts each code its entries, in any case, and lists them in the standing and in GET qr-codes', async () => {
    const c = await campaign()
    const student = await enrolled(c.id)
    const one = await validate(c.codes.um.toLowerCase(), student.token)
    expect(one.statusCode, one.body).toBe(201)
    expect(one.json<ValidacaoQrCode>()).toMatchObject({ codigo: c.codes.um, entradas: 1, total_entradas: 1, campanha_id: c.id })
    const three = await validate(c.codes.tres, student.token)
    expect(three.statusCode).toBe(201)
    expect(three.json<ValidacaoQrCode>()).toMatchObject({ codigo: c.codes.tres, entradas: 3, total_entradas: 4 })

    const standing = (await get(`/travel-campaigns/${c.id}/`, student.token)).json<CampanhaViagem>()
    expect(standing).toMatchObject({ entradas: 4, codigos_validados: 2 })
    const codes = await get('/travel-campaigns/qr-codes/', student.token)
    expect(codes.statusCode).toBe(200)
    expect(codes.json<CodigoValidado[]>().map(({ codigo, entradas, campanha_nome }) => ({ codigo, entradas, campanha_nome }))).toEqual(
      expect.arrayContaining([
        { codigo: c.codes.um, entradas: 1, campanha_nome: c.nome },
        { codigo: c.codes.tres, entradas: 3, campanha_nome: c.nome },
      ]),
    )
    expect(codes.json<CodigoValidado[]>()).toHaveLength(2)
  })

  it('counts a code once per student: a second scan is 409 with the date; another student still gets it', async () => {
    const c = await campaign()
    const student = await enrolled(c.id)
    expect((await validate(c.codes.tres, student.token)).statusCode).toBe(201)
    const again = await validate(c.codes.tres, student.token)
    expect(again.statusCode).toBe(409)
    expect(again.json<{ detail: string }>().detail).toMatch(
      /^Você já validou este código em \d{2}\/\d{2}\/\d{4}\. Cada código vale uma vez por aluno\.$/,
    )
    expect(await validationsOf(student.id)).toHaveLength(1)

    const other = await enrolled(c.id)
    expect((await validate(c.codes.tres, other.token)).statusCode).toBe(201)
  })

  it('a send repeated with its Idempotency-Key (the outbox after a lost answer) answers 200 with the same validation', async () => {
    const c = await campaign()
    const student = await enrolled(c.id)
    const key = randomUUID()
    const first = await validate(c.codes.tres, student.token, key)
    expect(first.statusCode).toBe(201)
    const replay = await validate(c.codes.tres, student.token, key)
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual(first.json())
    expect(await validationsOf(student.id)).toHaveLength(1)
    // The key of one code sent with another code is refused, nothing written.
    const reused = await validate(c.codes.um, student.token, key)
    expect(reused.statusCode).toBe(422)
    expect(reused.json()).toEqual({ detail: CODE_KEY_REUSED })
    expect(await validationsOf(student.id)).toHaveLength(1)
  })

  it('concurrent sends of one code by one student count it once', async () => {
    const c = await campaign()
    const student = await enrolled(c.id)
    // Different keys (two devices, or a scan and a tap on the link): one 201, the rest 409.
    const racing = await Promise.all(Array.from({ length: 8 }, () => validate(c.codes.tres, student.token)))
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409])
    // The same key (the outbox sending twice at once): one 201, the rest replays.
    const key = randomUUID()
    const replays = await Promise.all(Array.from({ length: 8 }, () => validate(c.codes.um, student.token, key)))
    expect(replays.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201])
    const rows = await validationsOf(student.id)
    expect(rows.map((row) => row.entradas).sort()).toEqual([1, 3])
    expect((await get(`/travel-campaigns/${c.id}/`, student.token)).json<CampanhaViagem>().entradas).toBe(4)
  })

  it('refuses a code outside the period: not started 409, ended 410, each with its date', async () => {
    const future = await campaign(DAY_MS, 10 * DAY_MS)
    const past = await campaign(-10 * DAY_MS, -DAY_MS)
    const student = await createAccount(t.app, t.db)
    expect((await join(future.id, student.token)).statusCode).toBe(201)
    const early = await validate(future.codes.um, student.token)
    expect(early.statusCode).toBe(409)
    expect(early.json<{ detail: string }>().detail).toMatch(
      /^Esta campanha ainda não começou: os códigos valem a partir de \d{2}\/\d{2}\/\d{4}\.$/,
    )
    const late = await validate(past.codes.um, student.token)
    expect(late.statusCode).toBe(410)
    expect(late.json<{ detail: string }>().detail).toMatch(/^Esta campanha terminou em \d{2}\/\d{2}\/\d{4}: o código não vale mais\.$/)
    expect(await validationsOf(student.id)).toHaveLength(0)
  })

  it('a code validated in the period and replayed after it ended is still the same 200', async () => {
    const c = await campaign()
    const student = await enrolled(c.id)
    const key = randomUUID()
    expect((await validate(c.codes.um, student.token, key)).statusCode).toBe(201)
    await t.db.orm
      .update(campanhasViagem)
      .set({ inicio: new Date(Date.now() - 2 * DAY_MS), fim: new Date(Date.now() - DAY_MS) })
      .where(eq(campanhasViagem.id, c.id))
    expect((await validate(c.codes.um, student.token, key)).statusCode).toBe(200)
    expect((await validate(c.codes.tres, student.token)).statusCode).toBe(410)
  })

  it('an unknown code is 404, a malformed one 422, and a student not enrolled gets a clear 409', async () => {
    const c = await campaign()
    const student = await createAccount(t.app, t.db)
    const unknown = await validate('NAO-EXISTE-123', student.token)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ detail: CODE_UNKNOWN })
    const malformed = await validate('com%20espa%C3%A7o', student.token)
    expect(malformed.statusCode).toBe(422)
    const notEnrolled = await validate(c.codes.um, student.token)
    expect(notEnrolled.statusCode).toBe(409)
    expect(notEnrolled.json()).toEqual({ detail: NOT_ENROLLED })
    expect(await validationsOf(student.id)).toHaveLength(0)
  })

  it("never shows another student's enrolment, codes or entries", async () => {
    const c = await campaign()
    const ana = await enrolled(c.id)
    expect((await validate(c.codes.tres, ana.token)).statusCode).toBe(201)
    const bruno = await createAccount(t.app, t.db)
    const standing = (await get(`/travel-campaigns/${c.id}/`, bruno.token)).json<CampanhaViagem>()
    expect(standing).toMatchObject({ inscrito_em: null, entradas: 0, codigos_validados: 0 })
    const codes = await get('/travel-campaigns/qr-codes/', bruno.token)
    expect(codes.json()).toEqual([])
  })
})

describe('GET /at-home/scanear-qr-code/{a}/{b}/ (the printed URL)', () => {
  it('registers the code once: opening the link again is 200, another campaign in the URL is 404, a scan after a validation 409', async () => {
    const c = await campaign()
    const other = await campaign()
    const student = await enrolled(c.id)
    const open = () => get(`/at-home/scanear-qr-code/${c.id}/${c.codes.tres}/`, student.token)
    const first = await open()
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json<ValidacaoQrCode>()).toMatchObject({ codigo: c.codes.tres, entradas: 3, total_entradas: 3 })
    const again = await open()
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    const wrongCampaign = await get(`/at-home/scanear-qr-code/${other.id}/${c.codes.um}/`, student.token)
    expect(wrongCampaign.statusCode).toBe(404)
    expect(wrongCampaign.json()).toEqual({ detail: CODE_UNKNOWN })

    expect((await validate(c.codes.um, student.token)).statusCode).toBe(201)
    const scanned = await get(`/at-home/scanear-qr-code/${c.id}/${c.codes.um}/`, student.token)
    expect(scanned.statusCode).toBe(409)
    expect(await validationsOf(student.id)).toHaveLength(2)
  })
})

describe('demo data', () => {
  it('Ana enrols in the seeded open campaign and its three codes give 1, 2 and 5 entries', async () => {
    const token = await demoToken(t.app, 'ana')
    const current = (await get('/travel-campaigns/atual/', token)).json<CampanhaViagem>()
    const [seeded] = await t.db.orm.select().from(campanhasViagem).where(eq(campanhasViagem.nome, DEMO_CAMPAIGN_NAME))
    expect(seeded!.inicio.getTime()).toBeLessThan(Date.now())
    expect(seeded!.fim.getTime()).toBeGreaterThan(Date.now())
    expect((await join(seeded!.id, token)).statusCode).toBeLessThan(300)
    let total = 0
    for (const code of DEMO_CAMPAIGN_CODES) {
      const response = await validate(code.codigo, token)
      expect(response.statusCode, response.body).toBe(201)
      total += code.entradas
      expect(response.json<ValidacaoQrCode>().total_entradas).toBe(total)
    }
    expect(total).toBe(8)
    expect(current.aberta).toBe(true)
  })
})
