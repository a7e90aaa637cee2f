import { and, eq, sql } from 'drizzle-orm'
import { hashPassword } from '../areas/auth/password.ts'
import type { Db } from './client.ts'
import { companies } from '../areas/users/companies-schema.ts'
import { driveUsers } from '../areas/users/drive-users-schema.ts'
import { users, type UserRole } from '../areas/users/schema.ts'
import { seedBookCopies } from '../areas/books/seed.ts'
import { seedCambio } from '../areas/cambio/seed.ts'
import { seedCampaign } from '../areas/travel-campaign/seed.ts'
import { seedOverseasStudy } from '../areas/overseas-study/seed.ts'
import { seedClub } from '../areas/club/seed.ts'
import { seedEnglishTest } from '../areas/english-test/seed.ts'
import { addMonths, addYears, seedSchoolData } from './seed-school.ts'
import { TOUR_ROUTES, type TourRoute } from '../../src/contract/schemas/tour.ts'

/**
 * The demo school seeded on first start (D3), so a fresh install can be tried at once.
 * Idempotent: accounts are found by e-mail and only missing rows are created, so a
 * restart (or N servers starting together, D4) never duplicates anything and never resets
 * a password someone changed. A student's classes, instalments and orders are seeded only
 * while the student has none of that kind, with dates relative to the day of seeding
 * (overdue instalments stay overdue, upcoming ones are upcoming).
 */

export const DEMO_PASSWORD = 'demo1234'

export const DEMO_COMPANY = { name: 'Escola Demonstração', escolaId: 2 } as const

interface DemoAccount {
  email: string
  role: UserRole
  fullName: string
  cpf: string
  phone: string
  cep: string
  street: string
  streetNumber: string
  isClub: boolean
  /** Adults: a fixed date; a minor: `yearsOld` before the day of seeding, so the demo stays a minor. */
  birthDate: string | { yearsOld: number }
  /**
   * The last registration update, relative to the moment of seeding: 0 months = now,
   * null = never confirmed. SPEC §4 asks for an update from 4 months on.
   */
  registrationMonthsAgo: number | null
  /** The demo's e-mails are confirmed, except where a flow needs one that is not. */
  emailUnconfirmed?: true
  /**
   * The guided tours (SPEC §2) start for this account; every other demo account has seen
   * them all, so a tour never covers a screen the other demos and tests look at.
   */
  showsTours?: true
}

/** Every tour already seen: the tour record of a demo account without `showsTours`. */
export const ALL_TOURS_SEEN: Readonly<Record<TourRoute, true>> = Object.fromEntries(TOUR_ROUTES.map((route) => [route, true])) as Record<
  TourRoute,
  true
>

/** The CPF two sibling accounts share (D9): login by it lists both. */
export const DEMO_SIBLINGS_CPF = '12345678909'

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'aluno@example.com',
    role: 'student',
    fullName: 'Ana Beatriz Souza',
    cpf: '52998224725',
    phone: '11987654321',
    cep: '01310100',
    street: 'Avenida Paulista',
    streetNumber: '1000',
    isClub: true,
    birthDate: '1998-04-12',
    registrationMonthsAgo: 0,
  },
  {
    email: 'gestor@example.com',
    role: 'manager',
    fullName: 'Carlos Eduardo Lima',
    cpf: '11144477735',
    phone: '11912345678',
    cep: '04538133',
    street: 'Avenida Brigadeiro Faria Lima',
    streetNumber: '3477',
    isClub: false,
    birthDate: '1984-09-03',
    registrationMonthsAgo: 0,
  },
  // Siblings: distinct e-mails (all seven profile fields filled), one parent's CPF.
  {
    email: 'lucas.pereira@example.com',
    role: 'student',
    fullName: 'Lucas Pereira',
    cpf: DEMO_SIBLINGS_CPF,
    phone: '21998877665',
    cep: '22071900',
    street: 'Avenida Atlântica',
    streetNumber: '1702',
    isClub: false,
    birthDate: '2004-02-18',
    registrationMonthsAgo: 0,
  },
  {
    email: 'marina.pereira@example.com',
    role: 'student',
    fullName: 'Marina Pereira',
    cpf: DEMO_SIBLINGS_CPF,
    phone: '21998877665',
    cep: '22071900',
    street: 'Avenida Atlântica',
    streetNumber: '1702',
    isClub: true,
    birthDate: '2001-07-30',
    registrationMonthsAgo: 0,
  },
  // Just enrolled: no class, instalment or order yet, so every empty state can be seen.
  {
    email: 'novo.aluno@example.com',
    role: 'student',
    fullName: 'Rafael Costa',
    cpf: '86288366757',
    phone: '31991234567',
    cep: '30130010',
    street: 'Avenida Afonso Pena',
    streetNumber: '1500',
    isClub: false,
    birthDate: '1999-11-05',
    registrationMonthsAgo: 0,
  },
  // Registration confirmed 5 months ago: asked to update it at the first screen (SPEC §4).
  {
    email: 'atualizar@example.com',
    role: 'student',
    fullName: 'Beatriz Nogueira',
    cpf: '39053344705',
    phone: '11976543210',
    cep: '01310100',
    street: 'Avenida Paulista',
    streetNumber: '900',
    isClub: false,
    birthDate: '1992-08-15',
    registrationMonthsAgo: 5,
  },
  // A 14-year-old whose registration was never confirmed: the update asks for a guardian (SPEC §5).
  {
    email: 'menor@example.com',
    role: 'student',
    fullName: 'Pedro Henrique Alves',
    cpf: '15350946056',
    phone: '21987651234',
    cep: '20040002',
    street: 'Avenida Rio Branco',
    streetNumber: '156',
    isClub: false,
    birthDate: { yearsOld: 14 },
    registrationMonthsAgo: null,
  },
  // Forgot the password: "Esqueci minha senha", the link arrives at /dev/outbox.
  {
    email: 'recuperar@example.com',
    role: 'student',
    fullName: 'Bruno Almeida',
    cpf: '71428793860',
    phone: '41998765432',
    cep: '80020000',
    street: 'Rua XV de Novembro',
    streetNumber: '700',
    isClub: false,
    birthDate: '1998-03-14',
    registrationMonthsAgo: 0,
  },
  // Has not confirmed the e-mail yet: Meu perfil sends the link (SPEC §4).
  {
    email: 'confirmar@example.com',
    role: 'student',
    fullName: 'Helena Martins',
    cpf: '93541134780',
    phone: '51987651234',
    cep: '90010150',
    street: 'Rua dos Andradas',
    streetNumber: '1001',
    isClub: false,
    birthDate: '2001-09-30',
    registrationMonthsAgo: 0,
    emailUnconfirmed: true,
  },
  // Edits the contact details on Meu perfil in the e2e run: nobody else depends on them.
  {
    email: 'perfil@example.com',
    role: 'student',
    fullName: 'Marcos Vieira',
    cpf: '27356938057',
    phone: '81987654321',
    cep: '50030230',
    street: 'Rua da Aurora',
    streetNumber: '325',
    isClub: false,
    birthDate: '1995-01-17',
    registrationMonthsAgo: 0,
  },
  // Pays instalments by Pix and card in the e2e run (issue 12): nobody else depends on them.
  {
    email: 'pagar@example.com',
    role: 'student',
    fullName: 'Paulo Nogueira',
    cpf: '86288366757',
    phone: '31987654321',
    cep: '30130010',
    street: 'Avenida Afonso Pena',
    streetNumber: '1500',
    isClub: false,
    birthDate: '1993-08-02',
    registrationMonthsAgo: 0,
  },
  // Orders books on /pedidos/create in the e2e run and the demo (issue 12): nobody else depends on them.
  {
    email: 'pedido@example.com',
    role: 'student',
    fullName: 'Renata Campos',
    cpf: '71428793860',
    phone: '41987654321',
    cep: '80010000',
    street: 'Rua XV de Novembro',
    streetNumber: '700',
    isClub: false,
    birthDate: '1997-11-09',
    registrationMonthsAgo: 0,
  },
  // Has a paid order that the managers' fulfilment screen moves along in the e2e run (issue 12, D31).
  {
    email: 'entrega@example.com',
    role: 'student',
    fullName: 'Tiago Moreira',
    cpf: '52998224725',
    phone: '85987654321',
    cep: '60060000',
    street: 'Avenida Santos Dumont',
    streetNumber: '1200',
    isClub: false,
    birthDate: '1991-04-15',
    registrationMonthsAgo: 0,
  },
  // Orders with a partnership discount coupon attached (EMPRESA10) in the e2e run: nobody else depends on her.
  {
    email: 'cupom@example.com',
    role: 'student',
    fullName: 'Clara Ribeiro',
    cpf: '12349876195',
    phone: '51987654321',
    cep: '90010000',
    street: 'Rua dos Andradas',
    streetNumber: '900',
    // A club member, so the e2e run reads on juntar-pontos which order took her coupon.
    isClub: true,
    birthDate: '1995-02-14',
    registrationMonthsAgo: 0,
  },
  // Orders the book that needs the level test, takes the test and switches to the book it suggests in the e2e run.
  {
    email: 'nivelamento@example.com',
    role: 'student',
    fullName: 'Diego Rocha',
    cpf: '98712365491',
    phone: '71987654321',
    cep: '40010000',
    street: 'Avenida Sete de Setembro',
    streetNumber: '300',
    isClub: false,
    birthDate: '1994-06-30',
    registrationMonthsAgo: 0,
  },
  // First visit: the guided tours of the dashboard and the class list start (SPEC §2).
  {
    email: 'tour@example.com',
    role: 'student',
    fullName: 'Júlia Ramos',
    cpf: '45317828791',
    phone: '61987654321',
    cep: '70040010',
    street: 'Esplanada dos Ministérios',
    streetNumber: '10',
    isClub: false,
    birthDate: '2000-05-21',
    registrationMonthsAgo: 0,
    showsTours: true,
  },
  // KNN Club member with no points history: the managers' club e2e run credits and debits her, never Ana.
  {
    email: 'clube@example.com',
    role: 'student',
    fullName: 'Larissa Fontes',
    cpf: '24681357928',
    phone: '27987654321',
    cep: '29010000',
    street: 'Avenida Jerônimo Monteiro',
    streetNumber: '450',
    isClub: true,
    birthDate: '1998-08-17',
    registrationMonthsAgo: 0,
  },
  // KNN Orlando (issue 14): an Orlando request waiting for the passport again (documentos_pendentes).
  {
    email: 'orlando@example.com',
    role: 'student',
    fullName: 'Beatriz Nogueira',
    cpf: '86423719519',
    phone: '11987650011',
    cep: '01310100',
    street: 'Avenida Paulista',
    streetNumber: '1000',
    isClub: false,
    birthDate: '1999-05-12',
    registrationMonthsAgo: 0,
  },
  // 16 on every demo class's departure, no request yet: sends one with a guardian and the travel authorisation.
  {
    email: 'orlando.menor@example.com',
    role: 'student',
    fullName: 'Gabriel Teixeira',
    cpf: '40918273650',
    phone: '11987650012',
    cep: '01310100',
    street: 'Avenida Paulista',
    streetNumber: '1002',
    isClub: false,
    birthDate: { yearsOld: 16 },
    registrationMonthsAgo: 0,
  },
  // London by Phenom (D29): a request already aprovado, ready to pay.
  {
    email: 'london@example.com',
    role: 'student',
    fullName: 'Helena Duarte',
    cpf: '27365198419',
    phone: '11987650013',
    cep: '01310100',
    street: 'Avenida Paulista',
    streetNumber: '1004',
    isClub: false,
    birthDate: '1997-10-03',
    registrationMonthsAgo: 0,
  },
  // The managers' review e2e run (issue 14): sends, resends, pays and loses requests nobody else reads; no request seeded.
  {
    email: 'intercambio@example.com',
    role: 'student',
    fullName: 'Rafael Moreira',
    cpf: '58261397491',
    phone: '11987650014',
    cep: '01310100',
    street: 'Avenida Paulista',
    streetNumber: '1006',
    isClub: false,
    birthDate: '1995-02-08',
    registrationMonthsAgo: 0,
  },
  // Simulates and pays câmbio quotes in the e2e run (issue 14): nobody else depends on her quotes or charges.
  {
    email: 'cambio@example.com',
    role: 'student',
    fullName: 'Camila Rocha',
    cpf: '73159482600',
    phone: '48987654321',
    cep: '88010400',
    street: 'Rua Felipe Schmidt',
    streetNumber: '210',
    isClub: false,
    birthDate: '1996-06-21',
    registrationMonthsAgo: 0,
  },
  // Travel campaign (issue 14): one student per e2e test of the campaign (a code validates once per student), nobody else's.
  {
    email: 'viagem.camera@example.com',
    role: 'student',
    fullName: 'Rafael Campos',
    cpf: '31840572671',
    phone: '31987650001',
    cep: '30130000',
    street: 'Avenida Afonso Pena',
    streetNumber: '1500',
    isClub: false,
    birthDate: '2000-03-21',
    registrationMonthsAgo: 0,
  },
  {
    email: 'viagem.offline@example.com',
    role: 'student',
    fullName: 'Sofia Ribeiro',
    cpf: '52916380442',
    phone: '31987650002',
    cep: '30130000',
    street: 'Avenida Afonso Pena',
    streetNumber: '1501',
    isClub: false,
    birthDate: '2000-03-21',
    registrationMonthsAgo: 0,
  },
  {
    email: 'viagem.link@example.com',
    role: 'student',
    fullName: 'Thiago Moreira',
    cpf: '64027193580',
    phone: '31987650003',
    cep: '30130000',
    street: 'Avenida Afonso Pena',
    streetNumber: '1502',
    isClub: false,
    birthDate: '2000-03-21',
    registrationMonthsAgo: 0,
  },
  // Signed in on two browsers by the sessions e2e run, which ends all but one: her own
  // account, so no other test's session is ended with them.
  {
    email: 'sessoes@example.com',
    role: 'student',
    fullName: 'Luana Ribeiro',
    cpf: '71523846496',
    phone: '48987650005',
    cep: '88010400',
    street: 'Rua Felipe Schmidt',
    streetNumber: '330',
    isClub: false,
    birthDate: '1998-07-14',
    registrationMonthsAgo: 0,
  },
  // Outside the KNN Club: the club's e2e run has him join (and leave first, so a retry walks it again).
  // His own account, not perfil@, whose e-mail the profile e2e run changes (2026-11-27).
  {
    email: 'participar@example.com',
    role: 'student',
    fullName: 'Rodrigo Salles',
    cpf: '11144477735',
    phone: '62987650004',
    cep: '74003010',
    street: 'Avenida Goiás',
    streetNumber: '210',
    isClub: false,
    birthDate: '1996-10-08',
    registrationMonthsAgo: 0,
  },
]

/** The same time of day `months` calendar months before `now` (UTC, clamped to the month's end). */
function monthsBefore(now: Date, months: number): Date {
  if (months === 0) return now
  const day = addMonths(now.toISOString().slice(0, 10), -months)
  return new Date(`${day}${now.toISOString().slice(10)}`)
}

/** Any constant: it only serialises concurrent seeders on one PostgreSQL (D4). */
const SEED_LOCK_KEY = 727_002

export interface SeedResult {
  createdUsers: number
}

export async function seedDemo(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)

    const [existingCompany] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.name, DEMO_COMPANY.name), eq(companies.escolaId, DEMO_COMPANY.escolaId)))
      .limit(1)
    const companyId =
      existingCompany?.id ??
      (await tx.insert(companies).values({ name: DEMO_COMPANY.name, escolaId: DEMO_COMPANY.escolaId }).returning({ id: companies.id }))[0]!
        .id

    const now = new Date()
    const today = now.toISOString().slice(0, 10)
    let createdUsers = 0
    const userIds = new Map<string, number>()
    for (const account of DEMO_ACCOUNTS) {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, account.email)).limit(1)
      // An existing account is left exactly as it is (its password may have been changed).
      if (existing) {
        userIds.set(account.email, existing.id)
        continue
      }
      const { birthDate, registrationMonthsAgo, emailUnconfirmed, showsTours, ...profile } = account
      const [created] = await tx
        .insert(users)
        .values({
          ...profile,
          birthDate: typeof birthDate === 'string' ? birthDate : addYears(today, -birthDate.yearsOld),
          passwordHash: await hashPassword(DEMO_PASSWORD),
          updatedAt: registrationMonthsAgo === null ? null : monthsBefore(now, registrationMonthsAgo),
          verifiedEmail: emailUnconfirmed ? null : account.email,
          driverTour: showsTours ? {} : { ...ALL_TOURS_SEEN },
        })
        .returning({ id: users.id })
      await tx.insert(driveUsers).values({ userId: created!.id, companyId })
      userIds.set(account.email, created!.id)
      createdUsers++
    }

    await seedSchoolData(tx, companyId, userIds, now)
    await seedBookCopies(tx, companyId, userIds, now)
    await seedEnglishTest(tx)
    await seedClub(tx, userIds, now)
    await seedCampaign(tx, now)
    await seedCambio(tx, today)
    await seedOverseasStudy(tx, userIds, today)
    return { createdUsers }
  })
}
