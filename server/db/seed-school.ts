import { and, eq, inArray } from 'drizzle-orm'
import type { OrderStatusId } from '../../src/contract/schemas/pedido.ts'
import type { HorarioAula } from '../../src/contract/schemas/turma.ts'
import { DEFAULT_TMZ_HOURS, localToday } from '../http/tmz.ts'
import type { Db } from './client.ts'
import { seedDemoActivities } from '../areas/activities/seed.ts'
import { seedDemoPractice } from '../areas/practice/seed.ts'
import { seedDemoOnlineClasses } from '../areas/online-classes/seed.ts'
import { parcelas, type NewParcelaRow } from '../areas/instalments/schema.ts'
import { livros } from '../areas/books/schema.ts'
import { atividadesAthome, avaliacoes, notas, notasAthome, type TipoAvaliacao } from '../areas/classes/grades-schema.ts'
import { preInvoiceItems, preInvoices } from '../areas/orders/schema.ts'
import { products } from '../areas/orders/products-schema.ts'
import { turmaAlunos, turmas, type ModalidadeTurma } from '../areas/classes/schema.ts'

/**
 * The demo school's classes, grades, instalments and orders (server/db/seed.ts seeds the
 * accounts). Dates are relative to the day of seeding in Brazil (D21's default), so "two
 * instalments overdue" is true whenever the demo is installed. Each kind of data is seeded
 * for a student only while the student has none of it, so re-seeding changes nothing.
 */

/** Calendar arithmetic on `YYYY-MM-DD` (UTC, no zone involved). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + days)
  return at.toISOString().slice(0, 10)
}

/** Same day `months` later, clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const first = new Date(Date.UTC(year, month - 1 + months, 1))
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  first.setUTCDate(Math.min(day, lastDay))
  return first.toISOString().slice(0, 10)
}

/** Same day `years` later (29 Feb → 28 Feb in a common year). */
export function addYears(date: string, years: number): string {
  return addMonths(date, years * 12)
}

/** Course books; order items quote their codes. */
export const DEMO_BOOKS = [
  { codigo: 'ING-INT1', nome: 'Inglês Intermediário 1' },
  { codigo: 'ING-INT2', nome: 'Inglês Intermediário 2' },
  { codigo: 'ING-INT3', nome: 'Inglês Intermediário 3' },
  { codigo: 'ESP-BAS1', nome: 'Espanhol Básico 1' },
  { codigo: 'ESP-BAS2', nome: 'Espanhol Básico 2' },
  { codigo: 'KAH-ING1', nome: 'KNN At Home — Inglês 1' },
  { codigo: 'ING-KIDS3', nome: 'Inglês Kids 3' },
  { codigo: 'ING-TEENS1', nome: 'Inglês Teens 1' },
] as const
type BookCode = (typeof DEMO_BOOKS)[number]['codigo']

/**
 * What the demo sells (GET /master/products/{code}/): each book under its own code, at its
 * level. Entering at Intermediário 3 takes the level test first: ordered without a finished
 * one, the order waits at -3 (D11).
 */
export const DEMO_PRODUCTS: readonly { codigo: BookCode; nivel: string; requiresLevelTest: boolean }[] = [
  { codigo: 'ING-INT1', nivel: 'Intermediário 1', requiresLevelTest: false },
  { codigo: 'ING-INT2', nivel: 'Intermediário 2', requiresLevelTest: false },
  { codigo: 'ING-INT3', nivel: 'Intermediário 3', requiresLevelTest: true },
  { codigo: 'ESP-BAS1', nivel: 'Básico 1', requiresLevelTest: false },
  { codigo: 'ESP-BAS2', nivel: 'Básico 2', requiresLevelTest: false },
  { codigo: 'KAH-ING1', nivel: 'At Home 1', requiresLevelTest: false },
  { codigo: 'ING-KIDS3', nivel: 'Kids 3', requiresLevelTest: false },
  { codigo: 'ING-TEENS1', nivel: 'Teens 1', requiresLevelTest: false },
]

const livroNome = (codigo: BookCode) => DEMO_BOOKS.find((livro) => livro.codigo === codigo)!.nome

/** Days relative to the seeding day; `nota` null = not graded yet. */
interface DemoAssessment {
  nome: string
  tipo: TipoAvaliacao
  peso: number
  dia: number
  nota: number | null
}

interface DemoActivity {
  atividade: string
  unidade: string | null
  dia: number
  nota: number | null
}

interface DemoClass {
  nome: string
  idioma: string
  nivel: string
  professor: string | null
  sala: string | null
  modalidade: ModalidadeTurma
  somenteDigital: boolean
  horarios: HorarioAula[]
  livro: BookCode
  aulasTotal: number
  aulasRealizadas: number
  /** Days from the seeding day. */
  inicio: number
  fim: number | null
  notaMinima: number
  avaliacoes: DemoAssessment[]
  atividades: DemoActivity[]
}

/** Monthly instalments: number k falls due `firstMonth + k - 1` months from today, plus 5 days. */
interface DemoCarne {
  descricao: string
  total: number
  firstMonth: number
  /** The first `pagas` were paid, three days before their due date. */
  pagas: number
  valor: number
}

interface DemoOrder {
  numero: string
  status: OrderStatusId
  diasAtras: number
  itens: { codigo: BookCode; quantidade: number; valor: number }[]
}

export interface DemoSchoolData {
  turmas: DemoClass[]
  carnes: DemoCarne[]
  pedidos: DemoOrder[]
}

const MON_WED_EVENING: HorarioAula[] = [
  { dia_semana: 1, inicio: '19:00', fim: '20:30' },
  { dia_semana: 3, inicio: '19:00', fim: '20:30' },
]

/** R$ 451,00 and R$ 568,00 (D12: on-time and list price of one book). */
const ON_TIME = 45_100
const LIST = 56_800

/** Per demo account e-mail; the manager has none. */
export const DEMO_SCHOOL: Readonly<Record<string, DemoSchoolData>> = {
  'aluno@example.com': {
    turmas: [
      {
        nome: 'Inglês — Intermediário 2',
        idioma: 'Inglês',
        nivel: 'Intermediário 2',
        professor: 'Patrícia Mendes',
        sala: 'Sala 4',
        modalidade: 'presencial',
        somenteDigital: false,
        horarios: MON_WED_EVENING,
        livro: 'ING-INT2',
        aulasTotal: 40,
        aulasRealizadas: 26,
        inicio: -100,
        fim: 80,
        notaMinima: 7,
        avaliacoes: [
          { nome: 'Prova 1 — Units 1–3', tipo: 'prova', peso: 2, dia: -70, nota: 8 },
          { nome: 'Trabalho — My hometown', tipo: 'trabalho', peso: 1, dia: -45, nota: 5.5 },
          { nome: 'Oral 1 — Conversation', tipo: 'oral', peso: 1, dia: -20, nota: 9 },
          { nome: 'Prova 2 — Units 4–6', tipo: 'prova', peso: 2, dia: 30, nota: null },
        ],
        atividades: [],
      },
      {
        nome: 'Espanhol — Básico 1',
        idioma: 'Espanhol',
        nivel: 'Básico 1',
        professor: 'Diego Ramírez',
        sala: null,
        modalidade: 'online',
        somenteDigital: false,
        horarios: [
          { dia_semana: 2, inicio: '18:00', fim: '19:00' },
          { dia_semana: 4, inicio: '18:00', fim: '19:00' },
        ],
        livro: 'ESP-BAS1',
        aulasTotal: 32,
        aulasRealizadas: 10,
        inicio: -40,
        fim: 75,
        notaMinima: 7,
        avaliacoes: [
          { nome: 'Prova 1 — Unidades 1–2', tipo: 'prova', peso: 2, dia: -12, nota: 9.5 },
          { nome: 'Participação', tipo: 'participacao', peso: 1, dia: -5, nota: 10 },
          { nome: 'Prova final', tipo: 'prova', peso: 3, dia: 60, nota: null },
        ],
        atividades: [],
      },
      {
        nome: 'KNN At Home — Inglês',
        idioma: 'Inglês',
        nivel: 'At Home 1',
        professor: null,
        sala: null,
        modalidade: 'digital',
        somenteDigital: true,
        horarios: [],
        livro: 'KAH-ING1',
        aulasTotal: 20,
        aulasRealizadas: 12,
        inicio: -60,
        fim: null,
        notaMinima: 7,
        avaliacoes: [],
        atividades: [
          { atividade: 'Listening — Greetings', unidade: 'Unit 1', dia: -50, nota: 9 },
          { atividade: 'Vocabulary — Family', unidade: 'Unit 1', dia: -42, nota: 8 },
          { atividade: 'Grammar quiz — Present simple', unidade: 'Unit 2', dia: -20, nota: 7.5 },
          { atividade: 'Reading — My routine', unidade: 'Unit 2', dia: -6, nota: 7 },
          { atividade: 'Listening — At the restaurant', unidade: 'Unit 3', dia: 7, nota: null },
        ],
      },
    ],
    carnes: [
      // 4 paid, 2 overdue (about 55 and 25 days), 4 upcoming.
      { descricao: 'Mensalidade — Inglês Intermediário 2', total: 10, firstMonth: -6, pagas: 4, valor: ON_TIME },
    ],
    pedidos: [
      { numero: 'PV-000101', status: 8, diasAtras: 240, itens: [{ codigo: 'ING-INT1', quantidade: 1, valor: ON_TIME }] },
      {
        numero: 'PV-000102',
        status: 8,
        diasAtras: 150,
        itens: [
          { codigo: 'ESP-BAS1', quantidade: 1, valor: ON_TIME },
          { codigo: 'KAH-ING1', quantidade: 1, valor: ON_TIME },
        ],
      },
      { numero: 'PV-000103', status: -2, diasAtras: 90, itens: [{ codigo: 'ING-INT2', quantidade: 1, valor: LIST }] },
      { numero: 'PV-000104', status: 7, diasAtras: 35, itens: [{ codigo: 'ING-INT2', quantidade: 1, valor: ON_TIME }] },
      { numero: 'PV-000105', status: 2, diasAtras: 8, itens: [{ codigo: 'ESP-BAS2', quantidade: 1, valor: ON_TIME }] },
      {
        numero: 'PV-000106',
        status: 1,
        diasAtras: 1,
        itens: [
          { codigo: 'ING-INT3', quantidade: 1, valor: LIST },
          { codigo: 'ESP-BAS2', quantidade: 1, valor: LIST },
          { codigo: 'KAH-ING1', quantidade: 1, valor: LIST },
        ],
      },
    ],
  },
  'lucas.pereira@example.com': {
    turmas: [
      {
        nome: 'Inglês — Kids 3',
        idioma: 'Inglês',
        nivel: 'Kids 3',
        professor: 'Fernanda Rocha',
        sala: 'Sala 1',
        modalidade: 'presencial',
        somenteDigital: false,
        horarios: [{ dia_semana: 6, inicio: '09:00', fim: '11:00' }],
        livro: 'ING-KIDS3',
        aulasTotal: 40,
        aulasRealizadas: 40,
        inicio: -200,
        fim: -10,
        notaMinima: 7,
        avaliacoes: [
          { nome: 'Prova 1', tipo: 'prova', peso: 2, dia: -150, nota: 8 },
          { nome: 'Prova 2', tipo: 'prova', peso: 2, dia: -40, nota: 9 },
          { nome: 'Participação', tipo: 'participacao', peso: 1, dia: -12, nota: 7.5 },
        ],
        atividades: [],
      },
    ],
    carnes: [{ descricao: 'Mensalidade — Inglês Kids 3', total: 4, firstMonth: -3, pagas: 3, valor: ON_TIME }],
    pedidos: [{ numero: 'PV-000201', status: 8, diasAtras: 210, itens: [{ codigo: 'ING-KIDS3', quantidade: 1, valor: ON_TIME }] }],
  },
  // Pays by Pix and card in the e2e run and the demo (issue 12): one instalment overdue, five open.
  'pagar@example.com': {
    turmas: [],
    carnes: [{ descricao: 'Mensalidade — Espanhol Básico 1', total: 6, firstMonth: -1, pagas: 0, valor: 45_100 }],
    // Two orders waiting for payment, which the e2e run cancels (one, and one for a retry).
    pedidos: [
      { numero: 'PV-000401', status: 1, diasAtras: 2, itens: [{ codigo: 'ESP-BAS2', quantidade: 1, valor: ON_TIME }] },
      { numero: 'PV-000402', status: 1, diasAtras: 1, itens: [{ codigo: 'ESP-BAS2', quantidade: 2, valor: 43_100 }] },
    ],
  },
  // Orders books on /pedidos/create (issue 12): starts with no order of her own, in one
  // class whose book (ING-INT1) /pedidos offers to order.
  'pedido@example.com': {
    turmas: [
      {
        nome: 'Inglês — Intermediário 1',
        idioma: 'Inglês',
        nivel: 'Intermediário 1',
        professor: 'Carla Nunes',
        sala: 'Sala 4',
        modalidade: 'presencial',
        somenteDigital: false,
        horarios: [{ dia_semana: 2, inicio: '18:30', fim: '20:00' }],
        livro: 'ING-INT1',
        aulasTotal: 40,
        aulasRealizadas: 0,
        inicio: 10,
        fim: 190,
        notaMinima: 7,
        avaliacoes: [],
        atividades: [],
      },
    ],
    carnes: [],
    pedidos: [],
  },
  // The managers' fulfilment (issue 12, D31) moves this paid order along 2 → 4 → … → 8.
  'entrega@example.com': {
    turmas: [],
    carnes: [],
    pedidos: [{ numero: 'PV-000501', status: 2, diasAtras: 3, itens: [{ codigo: 'ING-INT2', quantidade: 1, valor: ON_TIME }] }],
  },
  // The guided-tour demo: one class, so the class list's tour points at a real card.
  'tour@example.com': {
    turmas: [
      {
        nome: 'Inglês — Básico 2',
        idioma: 'Inglês',
        nivel: 'Básico 2',
        professor: 'Patrícia Mendes',
        sala: 'Sala 2',
        modalidade: 'presencial',
        somenteDigital: false,
        horarios: MON_WED_EVENING,
        livro: 'ING-INT2',
        aulasTotal: 40,
        aulasRealizadas: 8,
        inicio: -30,
        fim: 150,
        notaMinima: 7,
        avaliacoes: [{ nome: 'Prova 1', tipo: 'prova', peso: 2, dia: 20, nota: null }],
        atividades: [],
      },
    ],
    carnes: [],
    pedidos: [],
  },
  'marina.pereira@example.com': {
    turmas: [
      {
        nome: 'Inglês — Teens 1',
        idioma: 'Inglês',
        nivel: 'Teens 1',
        professor: 'Rafael Costa',
        sala: null,
        modalidade: 'online',
        somenteDigital: false,
        horarios: [
          { dia_semana: 2, inicio: '17:00', fim: '18:00' },
          { dia_semana: 4, inicio: '17:00', fim: '18:00' },
        ],
        livro: 'ING-TEENS1',
        aulasTotal: 30,
        aulasRealizadas: 12,
        inicio: -50,
        fim: 70,
        notaMinima: 7,
        avaliacoes: [
          { nome: 'Prova 1', tipo: 'prova', peso: 1, dia: -30, nota: 6.5 },
          { nome: 'Trabalho — Podcast', tipo: 'trabalho', peso: 1, dia: -10, nota: 7 },
          { nome: 'Prova 2', tipo: 'prova', peso: 2, dia: 40, nota: null },
        ],
        atividades: [],
      },
    ],
    carnes: [{ descricao: 'Mensalidade — Inglês Teens 1', total: 4, firstMonth: -2, pagas: 1, valor: 44_100 }],
    pedidos: [
      { numero: 'PV-000301', status: 8, diasAtras: 55, itens: [{ codigo: 'ING-TEENS1', quantidade: 1, valor: ON_TIME }] },
      // Waiting for the level test: no product chosen yet (SPEC §4).
      { numero: 'PV-000302', status: -3, diasAtras: 2, itens: [] },
    ],
  },
}

/** Seeds what each demo student lacks; `userIds` maps demo e-mails to account ids. */
export async function seedSchoolData(db: Db, companyId: number, userIds: ReadonlyMap<string, number>, now: Date): Promise<void> {
  const today = localToday(now, DEFAULT_TMZ_HOURS)
  let livroIds: Map<string, number> | undefined
  await ensureProducts(db)

  for (const [email, data] of Object.entries(DEMO_SCHOOL)) {
    const userId = userIds.get(email)
    if (userId === undefined) continue

    const [enrolment] = await db.select({ id: turmaAlunos.id }).from(turmaAlunos).where(eq(turmaAlunos.userId, userId)).limit(1)
    if (!enrolment && data.turmas.length > 0) {
      livroIds ??= await ensureBooks(db)
      for (const turma of data.turmas) await enrol(db, companyId, userId, turma, livroIds, today)
    }

    const [parcela] = await db.select({ id: parcelas.id }).from(parcelas).where(eq(parcelas.userId, userId)).limit(1)
    if (!parcela && data.carnes.length > 0) {
      await db.insert(parcelas).values(data.carnes.flatMap((carne) => bookletInstalments(carne, userId, today)))
    }

    const [pedido] = await db.select({ id: preInvoices.id }).from(preInvoices).where(eq(preInvoices.userId, userId)).limit(1)
    if (!pedido) {
      for (const spec of data.pedidos) await placeOrder(db, userId, spec, now)
    }
  }
  // Class activities (issue 10); their files go to file storage at start (app.ts).
  await seedDemoActivities(db, today, now)
  await seedDemoPractice(db)
  await seedDemoOnlineClasses(db, now)
}

export async function ensureBooks(db: Db): Promise<Map<string, number>> {
  await db
    .insert(livros)
    .values([...DEMO_BOOKS])
    .onConflictDoNothing({ target: livros.codigo })
  const rows = await db
    .select({ id: livros.id, codigo: livros.codigo })
    .from(livros)
    .where(
      inArray(
        livros.codigo,
        DEMO_BOOKS.map((livro) => livro.codigo),
      ),
    )
  return new Map(rows.map((row) => [row.codigo, row.id]))
}

/** The demo's products, each on its book; an existing code is left as it is. */
export async function ensureProducts(db: Db): Promise<void> {
  const livroIds = await ensureBooks(db)
  await db
    .insert(products)
    .values(
      DEMO_PRODUCTS.map((product) => ({
        codigo: product.codigo,
        livroId: livroIds.get(product.codigo)!,
        nome: `Livro ${livroNome(product.codigo)}`,
        nivel: product.nivel,
        requiresLevelTest: product.requiresLevelTest,
      })),
    )
    .onConflictDoNothing({ target: products.codigo })
}

/** Finds the class by name in the school (or creates it), then enrols the student with the grades. */
async function enrol(db: Db, companyId: number, userId: number, spec: DemoClass, livroIds: Map<string, number>, today: string) {
  const [existing] = await db
    .select({ id: turmas.id })
    .from(turmas)
    .where(and(eq(turmas.companyId, companyId), eq(turmas.nome, spec.nome)))
    .limit(1)
  const turmaId =
    existing?.id ??
    (
      await db
        .insert(turmas)
        .values({
          companyId,
          nome: spec.nome,
          idioma: spec.idioma,
          nivel: spec.nivel,
          professor: spec.professor,
          sala: spec.sala,
          modalidade: spec.modalidade,
          somenteDigital: spec.somenteDigital,
          horarios: spec.horarios,
          livroId: livroIds.get(spec.livro) ?? null,
          aulasTotal: spec.aulasTotal,
          dataInicio: addDays(today, spec.inicio),
          dataFim: spec.fim === null ? null : addDays(today, spec.fim),
          notaMinima: spec.notaMinima,
        })
        .returning({ id: turmas.id })
    )[0]!.id

  const [matricula] = await db
    .insert(turmaAlunos)
    .values({ turmaId, userId, aulasRealizadas: spec.aulasRealizadas })
    .returning({ id: turmaAlunos.id })
  const turmaAlunoId = matricula!.id

  if (spec.avaliacoes.length > 0) {
    const ids = await ensureByName(
      await db.select({ id: avaliacoes.id, nome: avaliacoes.nome }).from(avaliacoes).where(eq(avaliacoes.turmaId, turmaId)),
      spec.avaliacoes.map((avaliacao) => avaliacao.nome),
      async (missing) =>
        db
          .insert(avaliacoes)
          .values(
            spec.avaliacoes
              .filter((avaliacao) => missing.includes(avaliacao.nome))
              .map((avaliacao) => ({
                turmaId,
                nome: avaliacao.nome,
                tipo: avaliacao.tipo,
                peso: avaliacao.peso,
                data: addDays(today, avaliacao.dia),
              })),
          )
          .returning({ id: avaliacoes.id, nome: avaliacoes.nome }),
    )
    const graded = spec.avaliacoes.filter((avaliacao) => avaliacao.nota !== null)
    if (graded.length > 0) {
      await db
        .insert(notas)
        .values(graded.map((avaliacao) => ({ avaliacaoId: ids.get(avaliacao.nome)!, turmaAlunoId, nota: avaliacao.nota })))
    }
  }

  if (spec.atividades.length > 0) {
    const ids = await ensureByName(
      await db
        .select({ id: atividadesAthome.id, nome: atividadesAthome.atividade })
        .from(atividadesAthome)
        .where(eq(atividadesAthome.turmaId, turmaId)),
      spec.atividades.map((atividade) => atividade.atividade),
      async (missing) =>
        db
          .insert(atividadesAthome)
          .values(
            spec.atividades
              .filter((atividade) => missing.includes(atividade.atividade))
              .map((atividade) => ({
                turmaId,
                atividade: atividade.atividade,
                unidade: atividade.unidade,
                data: addDays(today, atividade.dia),
              })),
          )
          .returning({ id: atividadesAthome.id, nome: atividadesAthome.atividade }),
    )
    const graded = spec.atividades.filter((atividade) => atividade.nota !== null)
    if (graded.length > 0) {
      await db
        .insert(notasAthome)
        .values(graded.map((atividade) => ({ atividadeId: ids.get(atividade.atividade)!, turmaAlunoId, nota: atividade.nota })))
    }
  }
}

/** Ids by name of the wanted rows, creating those not there yet. */
async function ensureByName(
  existing: { id: number; nome: string }[],
  wanted: string[],
  create: (missing: string[]) => Promise<{ id: number; nome: string }[]>,
): Promise<Map<string, number>> {
  const ids = new Map(existing.map((row) => [row.nome, row.id]))
  const missing = wanted.filter((nome) => !ids.has(nome))
  if (missing.length > 0) for (const row of await create(missing)) ids.set(row.nome, row.id)
  return ids
}

function bookletInstalments(carne: DemoCarne, userId: number, today: string): NewParcelaRow[] {
  return Array.from({ length: carne.total }, (_, index) => {
    const vencimento = addDays(addMonths(today, carne.firstMonth + index), 5)
    const paga = index < carne.pagas
    return {
      userId,
      descricao: carne.descricao,
      numero: index + 1,
      totalParcelas: carne.total,
      vencimento,
      valorCentavos: carne.valor,
      valorPagoCentavos: paga ? carne.valor : null,
      pagoEm: paga ? addDays(vencimento, -3) : null,
    }
  })
}

async function placeOrder(db: Db, userId: number, spec: DemoOrder, now: Date) {
  const createdAt = new Date(now.getTime() - spec.diasAtras * 86_400_000)
  const [order] = await db
    .insert(preInvoices)
    .values({ userId, numero: spec.numero, status: spec.status, createdAt })
    .onConflictDoNothing({ target: preInvoices.numero })
    .returning({ id: preInvoices.id })
  // The number is taken by an order of someone else: leave it alone.
  if (!order || spec.itens.length === 0) return
  await db.insert(preInvoiceItems).values(
    spec.itens.map((item) => ({
      preInvoiceId: order.id,
      codigoProduto: item.codigo,
      descricao: `Livro ${livroNome(item.codigo)}`,
      quantidade: item.quantidade,
      valorUnitarioCentavos: item.valor,
    })),
  )
}
