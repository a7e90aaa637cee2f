import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Financeiro } from '../contract/schemas/financeiro.ts'
import type { Pedido } from '../contract/schemas/pedido.ts'
import type { Turma } from '../contract/schemas/turma.ts'
import { openLocalDb, PortalDb, type StoredNotas } from './database.ts'
import { freshDatabases } from './fresh-databases.fixture.ts'
import { etagHintsFor } from './sync-start.ts'
import { MemoryStorage } from '../lib/memory-storage.fixture.ts'
import {
  claimForKeptUser,
  claimLocalData,
  fetchConditional,
  markUnchanged,
  storeAtividades,
  storedEtags,
  storeFinancial,
  storePedidos,
  storeTurmas,
  syncTicket,
  wipeLocalData,
} from './sync.ts'

const turma: Turma = {
  id: 1,
  turma_aluno_id: 11,
  nome: 'Inglês — Intermediário 2',
  idioma: 'Inglês',
  nivel: 'Intermediário 2',
  professor: 'Paula',
  sala: 'Sala 3',
  modalidade: 'presencial',
  somente_digital: false,
  horarios: [{ dia_semana: 1, inicio: '19:00', fim: '20:30' }],
  livro: null,
  aulas_total: 40,
  aulas_realizadas: 26,
  progresso: 65,
  data_inicio: '2026-02-02',
  data_fim: null,
}
const notas: StoredNotas = {
  turma_id: 1,
  notas: { turma_id: 1, avaliacoes: [], media: null, nota_minima: 7, situacao: 'em_andamento' },
  athome: null,
}
const financeiro: Financeiro = {
  parcelas: [
    {
      id: 1,
      descricao: 'Mensalidade',
      numero: 1,
      total_parcelas: 2,
      vencimento: '2026-10-10',
      valor: 45100,
      valor_pago: null,
      pago_em: null,
      status: 'vencido',
    },
    {
      id: 2,
      descricao: 'Mensalidade',
      numero: 2,
      total_parcelas: 2,
      vencimento: '2026-12-10',
      valor: 45100,
      valor_pago: null,
      pago_em: null,
      status: 'aberto',
    },
  ],
  totais: { pago: 0, aberto: 45100, vencido: 45100 },
}
const pedido: Pedido = {
  id: 5,
  numero: '2026-0005',
  produto: 'Livro Inglês Intermediário 2',
  criado_em: '2026-11-01T12:00:00.000Z',
  total: 45100,
  status: { id: 1, name: 'Aguardando pagamento', color: '#C62828', description: 'Pague em até 7 dias.' },
  itens: [],
}

const freshDb = freshDatabases('sync-test', (name) => new PortalDb(name))

describe('local database (D15)', () => {
  it('replaces each entity set in one write, with its "updated at"', async () => {
    const db = freshDb()
    await storeTurmas([turma], [notas], { db, now: 1000 })
    await storeTurmas([{ ...turma, id: 2, nome: 'Espanhol' }], [], { db, now: 2000 })
    expect((await db.turmas.toArray()).map((t) => t.nome)).toEqual(['Espanhol'])
    expect(await db.notas.count()).toBe(0)
    expect((await db.syncState.get('turmas'))?.updatedAt).toBe(2000)

    await storeFinancial(financeiro, { db, now: 3000 })
    expect(await db.parcelas.where('status').equals('vencido').count()).toBe(1)
    expect((await db.syncState.get('financeiro'))?.totais).toEqual(financeiro.totais)

    await storePedidos([pedido], { db, now: 4000 })
    expect(await db.pedidos.where('status.id').equals(1).count()).toBe(1)
  })

  it('logout wipes every table', async () => {
    const db = freshDb()
    await storeTurmas([turma], [notas], { db })
    await storeFinancial(financeiro, { db })
    await storePedidos([pedido], { db })
    await wipeLocalData(db)
    for (const table of db.tables) expect(await table.count()).toBe(0)
  })

  it("keeps a class's activities with the class (v3), replaced whole, wiped at logout", async () => {
    const db = freshDb()
    const atividade = {
      id: 7,
      turma_atividade_id: 3,
      turma_id: 1,
      titulo: 'Listening',
      enunciado: 'Ouça e responda.',
      data_entrega: null,
      aula_em: null,
      presenca_em: null,
      arquivos: [],
      correcoes: [],
    }
    await storeAtividades(turma, [atividade], { db, now: 1000 })
    await storeAtividades(turma, [{ ...atividade, titulo: 'Listening 2' }], { db, now: 2000 })
    expect(await db.atividades.get(1)).toMatchObject({
      turma: { nome: turma.nome },
      atividades: [{ titulo: 'Listening 2' }],
      updatedAt: 2000,
    })
    await wipeLocalData(db)
    expect(await db.atividades.count()).toBe(0)
  })

  it('logout wipes a table added by a later version too: no hand-kept list (issue 8)', async () => {
    class LaterDb extends PortalDb {
      uploads!: Dexie.Table<{ id: number; file: string }, number>
      constructor(name: string) {
        super(name)
        this.version(3).stores({ uploads: 'id' })
      }
    }
    const db = freshDb((name) => new LaterDb(name))
    await storeFinancial(financeiro, { db, etags: { '/at-home/financeiro/': '"v1"' } })
    await db.uploads.put({ id: 1, file: 'redacao.pdf' })
    await wipeLocalData(db)
    expect(await db.uploads.count()).toBe(0)
    expect(await db.syncState.count()).toBe(0)
    expect(await storedEtags('financeiro', db)).toEqual({})
  })

  it('a sync started before a logout never writes the old account back (issue 8)', async () => {
    const db = freshDb()
    const ticket = syncTicket()
    await wipeLocalData(db)
    await storePedidos([pedido], { db, ticket })
    expect(await db.pedidos.count()).toBe(0)
    await storePedidos([pedido], { db, ticket: syncTicket() })
    expect(await db.pedidos.count()).toBe(1)
  })

  it('a user answer that a logout overtook claims nothing: the device stays empty', async () => {
    const db = freshDb()
    const asked = syncTicket()
    // "Sair" while `/users/me/` was on its way, the claim racing the wipe.
    await Promise.all([wipeLocalData(db), claimLocalData(1, db, asked)])
    expect(await db.syncState.count()).toBe(0)
    await claimLocalData(1, db, asked)
    expect(await db.syncState.count()).toBe(0)
    await claimLocalData(2, db, syncTicket())
    expect((await db.syncState.get('owner'))?.userId).toBe(2)
  })

  it("the start's claim for the kept user comes to nothing after a logout", async () => {
    const db = freshDb()
    await wipeLocalData(db)
    await claimForKeptUser(1, db)
    expect(await db.syncState.count()).toBe(0)
  })

  it("a different account's login clears data left by the previous one", async () => {
    const db = freshDb()
    await claimLocalData(1, db)
    await storeTurmas([turma], [notas], { db })
    await claimLocalData(1, db)
    expect(await db.turmas.count()).toBe(1)
    await claimLocalData(2, db)
    expect(await db.turmas.count()).toBe(0)
    expect((await db.syncState.get('owner'))?.userId).toBe(2)
  })

  it('upgrades a returning user’s version-1 database keeping the data', async () => {
    const name = freshDb.newName()
    const v1 = new Dexie(name)
    v1.version(1).stores({ turmas: 'id, nome', notas: 'turma_id', parcelas: 'id, vencimento', pedidos: 'id, criado_em', syncState: 'key' })
    await v1.table('parcelas').bulkPut(financeiro.parcelas)
    await v1.table('syncState').put({ key: 'financeiro', updatedAt: 1, totais: financeiro.totais })
    v1.close()

    const db = freshDb((given) => new PortalDb(given), name)
    await openLocalDb(db)
    expect(await db.parcelas.count()).toBe(2)
    // The index added in version 2 works on the old rows.
    expect(await db.parcelas.where('status').equals('aberto').count()).toBe(1)
  })

  it('opens without an error when the device holds a database from a newer build (a rollback)', async () => {
    const name = freshDb.newName()
    const future = new Dexie(name)
    future.version(99).stores({ turmas: 'id', somethingNew: 'id' })
    await future.table('turmas').put({ id: 1 })
    future.close()

    const db = freshDb((given) => new PortalDb(given), name)
    await openLocalDb(db)
    // Dexie adopts the installed version and adds the tables it lacks: usable at once.
    expect(await db.turmas.count()).toBe(1)
    await storeFinancial(financeiro, { db })
    expect(await db.parcelas.count()).toBe(2)
  })
})

describe('conditional sync (issue 7: an unchanged entity costs a 304)', () => {
  const ok = <T>(data: T, etag: string | null) => ({ notModified: false as const, data, etag })
  const notModified = { notModified: true as const }

  it('sends the stored ETag; a 304 takes the stored value and keeps the ETag', async () => {
    const sent: (string | null)[] = []
    const answer = await fetchConditional(
      async (etag) => {
        sent.push(etag)
        return notModified
      },
      '"v1"',
      async () => financeiro,
    )
    expect(sent).toEqual(['"v1"'])
    expect(answer).toEqual({ value: financeiro, etag: '"v1"', changed: false })
  })

  it('a changed entity brings its new ETag; without a stored one the GET is plain', async () => {
    const sent: (string | null)[] = []
    const get = async (etag: string | null) => {
      sent.push(etag)
      return ok(financeiro, '"v2"')
    }
    expect(await fetchConditional(get, '"v1"', async () => undefined)).toEqual({ value: financeiro, etag: '"v2"', changed: true })
    expect(await fetchConditional(get, undefined, async () => financeiro)).toEqual({ value: financeiro, etag: '"v2"', changed: true })
    expect(sent).toEqual(['"v1"', null])
  })

  it('a 304 for data this device lost meanwhile fetches again without the ETag', async () => {
    const sent: (string | null)[] = []
    const answer = await fetchConditional(
      async (etag) => {
        sent.push(etag)
        return etag ? notModified : ok(financeiro, '"v1"')
      },
      '"v1"',
      async () => undefined,
    )
    expect(sent).toEqual(['"v1"', null])
    expect(answer.changed).toBe(true)
  })

  it('stores the ETags with the entity; an unchanged re-sync keeps rows and ETags and moves "updated at"', async () => {
    const db = freshDb()
    await storeFinancial(financeiro, { db, now: 1000, etags: { '/at-home/financeiro/': '"v1"' } })
    expect(await storedEtags('financeiro', db)).toEqual({ '/at-home/financeiro/': '"v1"' })
    await markUnchanged('financeiro', { db, now: 5000 })
    const meta = await db.syncState.get('financeiro')
    expect(meta).toMatchObject({ updatedAt: 5000, etags: { '/at-home/financeiro/': '"v1"' }, totais: financeiro.totais })
    expect(await db.parcelas.count()).toBe(2)
  })
})

describe('ETag hints: a conditional request goes out before the database has loaded (issue 37)', () => {
  beforeEach(() => vi.stubGlobal('localStorage', new MemoryStorage()))
  afterEach(() => vi.unstubAllGlobals())

  it('a stored entity leaves its ETags as hints; an unchanged re-sync keeps them; a store without ETags drops its own', async () => {
    const db = freshDb()
    await storeFinancial(financeiro, { db, etags: { '/at-home/financeiro/': '"v1"' } })
    await storePedidos([pedido], { db, etags: { '/pedidos/': '"p1"' } })
    expect(etagHintsFor('financeiro')).toEqual({ '/at-home/financeiro/': '"v1"' })
    await markUnchanged('financeiro', { db })
    expect(etagHintsFor('financeiro')).toEqual({ '/at-home/financeiro/': '"v1"' })
    await storePedidos([pedido], { db })
    expect(etagHintsFor('pedidos')).toEqual({})
    expect(etagHintsFor('financeiro')).toEqual({ '/at-home/financeiro/': '"v1"' })
  })

  it("a write dropped by a logout leaves no hint; logout and another account's login forget them all", async () => {
    const db = freshDb()
    const ticket = syncTicket()
    await wipeLocalData(db)
    await storeFinancial(financeiro, { db, ticket, etags: { '/at-home/financeiro/': '"old"' } })
    expect(etagHintsFor('financeiro')).toEqual({})

    await claimLocalData(1, db)
    await storeFinancial(financeiro, { db, etags: { '/at-home/financeiro/': '"v1"' } })
    await claimLocalData(1, db)
    expect(etagHintsFor('financeiro')).toEqual({ '/at-home/financeiro/': '"v1"' })
    await claimLocalData(2, db)
    expect(etagHintsFor('financeiro')).toEqual({})

    await storeFinancial(financeiro, { db, etags: { '/at-home/financeiro/': '"v2"' } })
    await wipeLocalData(db)
    expect(etagHintsFor('financeiro')).toEqual({})
    expect(localStorage.getItem('portal-etag-hints')).toBeNull()
  })
})
