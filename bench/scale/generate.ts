// A school network in PostgreSQL for the figures at scale (issue 39 item 8): at scale 1,
// 200,000 students in 50 schools, 8,000 classes, 10 million grades, 2.4 million instalments,
// 500,000 orders and 400,000 push subscriptions, with the managers' queues (orders to
// fulfil, referral leads, reward orders, overseas-study requests, push history) beside them.
// Rows go into the real tables of the committed migrations, written set-based (one INSERT …
// SELECT … generate_series per table), on top of whatever the database already holds (the
// tests' databases carry the demo school). `bench/scale/run.ts` runs it at scale 1 and
// `server/scale-plans.postgres.test.ts` at 1/100 with the same code.
import { createECDH } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import type pg from 'pg'
import { hashPassword } from '../../server/areas/auth/password.ts'

/** The password of every generated account (one argon2 hash shared by all of them). */
export const SCALE_PASSWORD = 'rede-em-escala-2026'

/** The e-mail domain of generated students (`aluno<n>@…`) and managers (`gestor<n>@…`). */
export const SCALE_EMAIL_DOMAIN = 'rede-escala.example'

/** How many rows of each kind a scale asks for (scale 1: the network of issue 39). */
export interface ScaleCounts {
  schools: number
  classes: number
  students: number
  managers: number
  /** Each student is enrolled in this many classes of their school. */
  enrolmentsPerStudent: number
  /** Graded assessments per class and at-home activities per class: their product with the enrolments is the grades. */
  assessmentsPerClass: number
  athomePerClass: number
  onlineClassesPerClass: number
  instalmentsPerStudent: number
  orders: number
  subscriptionsPerStudent: number
  referralLeads: number
  rewardOrders: number
  overseasRequests: number
  /** Past campaigns of the push history, each to one class. */
  pushSendings: number
}

const FULL: ScaleCounts = {
  schools: 50,
  classes: 8_000,
  students: 200_000,
  managers: 20,
  enrolmentsPerStudent: 2,
  assessmentsPerClass: 15,
  athomePerClass: 10,
  onlineClassesPerClass: 2,
  instalmentsPerStudent: 12,
  orders: 500_000,
  subscriptionsPerStudent: 2,
  referralLeads: 50_000,
  rewardOrders: 20_000,
  overseasRequests: 10_000,
  pushSendings: 1_000,
}

export function countsFor(scale: number): ScaleCounts {
  if (!(scale > 0 && scale <= 10)) throw new Error(`scale ${scale}: expected a number in (0, 10]`)
  const scaled = (n: number) => Math.max(1, Math.round(n * scale))
  const schools = scaled(FULL.schools)
  // Every class belongs to one school and each student's classes to theirs: a multiple of
  // the schools, and at least two per school so that a student's two classes differ.
  const classes = schools * Math.max(2, Math.round(scaled(FULL.classes) / schools))
  return {
    ...FULL,
    schools,
    classes,
    students: scaled(FULL.students),
    managers: scaled(FULL.managers),
    orders: scaled(FULL.orders),
    referralLeads: scaled(FULL.referralLeads),
    rewardOrders: scaled(FULL.rewardOrders),
    overseasRequests: scaled(FULL.overseasRequests),
    pushSendings: scaled(FULL.pushSendings),
  }
}

/** What was generated: the id ranges the bench and the test pick their callers from. */
export interface GeneratedNetwork {
  counts: ScaleCounts
  /** Students are users `firstStudentId … firstStudentId + students - 1`. */
  firstStudentId: number
  managerIds: number[]
  /** Rows per table written by the generator. */
  rows: Record<string, number>
  /** Per step, in milliseconds. */
  steps: { step: string; ms: number }[]
  totalMs: number
}

type Queryable = Pick<pg.ClientBase, 'query'>

/**
 * Writes the network of `scale` into the database `client` is connected to (migrated), in
 * one transaction, then ANALYZEs it. Foreign-key triggers are off meanwhile
 * (`session_replication_role = replica`, a superuser's setting): every reference is built
 * from the ids this function itself wrote, and checking 20 million of them would double the
 * time. Ids are explicit (the table's largest id + n) so that rows can point at each other
 * by arithmetic instead of lookups; the sequences are moved past them at the end.
 */
export async function generateNetwork(client: Queryable, scale: number, log: (line: string) => void = () => {}): Promise<GeneratedNetwork> {
  const counts = countsFor(scale)
  const rows: Record<string, number> = {}
  const steps: GeneratedNetwork['steps'] = []
  const started = performance.now()
  const passwordHash = await hashPassword(SCALE_PASSWORD)
  // A real P-256 public key: the subscriptions' p256dh (their auth secrets are unique).
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const p256dh = ecdh.getPublicKey().toString('base64url')

  async function step(name: string, table: string, text: string, params: unknown[] = []): Promise<void> {
    const at = performance.now()
    const result = await client.query(text, params)
    const ms = performance.now() - at
    rows[table] = (rows[table] ?? 0) + (result.rowCount ?? 0)
    steps.push({ step: name, ms })
    log(`  ${name}: ${(result.rowCount ?? 0).toLocaleString('en')} rows in ${(ms / 1000).toFixed(1)} s`)
  }
  async function maxId(table: string): Promise<number> {
    const { rows: found } = await client.query<{ max: number }>(`select coalesce(max(id), 0)::int as max from ${table}`)
    return found[0]!.max
  }

  const c = counts
  await client.query('begin')
  try {
    await client.query(`set local session_replication_role = replica`)
    await client.query(`set local synchronous_commit = off`)
    await client.query(`set local maintenance_work_mem = '256MB'`)
    await client.query(`set local work_mem = '64MB'`)

    const user0 = await maxId('users')
    const company0 = await maxId('companies')
    const turma0 = await maxId('turmas')
    const enrolment0 = await maxId('turma_alunos')
    const assessment0 = await maxId('avaliacoes')
    const athome0 = await maxId('atividades_athome')
    const order0 = await maxId('pre_invoices')
    const reward0 = await maxId('club_recompensas')
    const overseasClass0 = await maxId('knn_usa_turmas')
    const sending0 = await maxId('push_sendings')
    const manager0 = user0 + c.students
    // Student g (1-based) is in school (g - 1) % schools + 1; class k (1-based) in school (k - 1) % schools + 1.
    const S = c.students

    await step(
      'students',
      'users',
      `insert into users (id, role, email, cpf, password_hash, full_name, phone, birth_date, is_club, updated_at, pwa_installed, verified_email, created_at)
       select $1::int + g, 'student', 'aluno' || g || '@${SCALE_EMAIL_DOMAIN}', lpad((80000000000 + g)::text, 11, '0'), $2,
              'Aluno ' || g || ' da Rede', '2199' || lpad(g::text, 7, '0'), date '2000-01-01' + (g % 5000), g % 2 = 0,
              now() - interval '10 days', g % 3 = 0, 'aluno' || g || '@${SCALE_EMAIL_DOMAIN}', now() - (g % 2000) * interval '1 hour'
       from generate_series(1, $3::int) g`,
      [user0, passwordHash, S],
    )
    await step(
      'managers',
      'users',
      `insert into users (id, role, email, password_hash, full_name, updated_at, verified_email)
       select $1::int + m, 'manager', 'gestor' || m || '@${SCALE_EMAIL_DOMAIN}', $2, 'Gestor ' || m || ' da Rede', now(), 'gestor' || m || '@${SCALE_EMAIL_DOMAIN}'
       from generate_series(1, $3::int) m`,
      [manager0, passwordHash, c.managers],
    )
    await step(
      'schools',
      'companies',
      `insert into companies (id, name, escola_id) select $1::int + k, 'Escola da Rede ' || k, 90000 + k from generate_series(1, $2::int) k`,
      [company0, c.schools],
    )
    await step(
      'drive records',
      'drive_users',
      `insert into drive_users (user_id, company_id) select $1::int + g, $2::int + (g - 1) % $3::int + 1 from generate_series(1, $4::int) g`,
      [user0, company0, c.schools, S],
    )
    await step(
      'classes',
      'turmas',
      `insert into turmas (id, company_id, nome, idioma, nivel, professor, sala, modalidade, aulas_total, data_inicio, nota_minima)
       select $1::int + k, $2::int + (k - 1) % $3::int + 1, 'Turma ' || k, 'Inglês', 'Nível ' || (k % 8 + 1), 'Professor ' || (k % 400),
              'Sala ' || (k % 12 + 1), case when k % 10 = 0 then 'online' else 'presencial' end, 40, date '2026-02-02', 7
       from generate_series(1, $4::int) k`,
      [turma0, company0, c.schools, c.classes],
    )
    // Enrolment e = (g - 1) * P + j (j = 0 … P - 1): class ((g - 1) + j * schools) % classes + 1, always in the student's school.
    await step(
      'enrolments',
      'turma_alunos',
      `insert into turma_alunos (id, turma_id, user_id, aulas_realizadas)
       select $1::int + (g - 1) * $2::int + j + 1, $3::int + ((g - 1) + j * $4::int) % $5::int + 1, $6::int + g, (g + j) % 30
       from generate_series(1, $7::int) g, generate_series(0, $2::int - 1) j`,
      [enrolment0, c.enrolmentsPerStudent, turma0, c.schools, c.classes, user0, S],
    )
    await step(
      'assessments',
      'avaliacoes',
      `insert into avaliacoes (id, turma_id, nome, tipo, data, peso)
       select $1::int + (k - 1) * $2::int + a, $3::int + k, 'Avaliação ' || a, (array['prova', 'trabalho', 'oral', 'participacao'])[a % 4 + 1],
              date '2026-02-10' + a * 7, 1 + a % 2
       from generate_series(1, $4::int) k, generate_series(1, $2::int) a`,
      [assessment0, c.assessmentsPerClass, turma0, c.classes],
    )
    await step(
      'grades',
      'notas',
      `insert into notas (avaliacao_id, turma_aluno_id, nota)
       select $1::int + (ta.turma_id - $2::int - 1) * $3::int + a, ta.id,
              case when (ta.id + a) % 17 = 0 then null else ((ta.id * 7 + a * 13) % 101) / 10.0 end
       from turma_alunos ta, generate_series(1, $3::int) a
       where ta.id > $4::int`,
      [assessment0, turma0, c.assessmentsPerClass, enrolment0],
    )
    await step(
      'at-home activities',
      'atividades_athome',
      `insert into atividades_athome (id, turma_id, atividade, unidade, data)
       select $1::int + (k - 1) * $2::int + h, $3::int + k, 'Atividade ' || h, 'Unidade ' || (h + 1) / 2, date '2026-02-12' + h * 7
       from generate_series(1, $4::int) k, generate_series(1, $2::int) h`,
      [athome0, c.athomePerClass, turma0, c.classes],
    )
    await step(
      'at-home grades',
      'notas_athome',
      `insert into notas_athome (atividade_id, turma_aluno_id, nota)
       select $1::int + (ta.turma_id - $2::int - 1) * $3::int + h, ta.id,
              case when (ta.id + h) % 13 = 0 then null else ((ta.id * 11 + h * 7) % 101) / 10.0 end
       from turma_alunos ta, generate_series(1, $3::int) h
       where ta.id > $4::int`,
      [athome0, turma0, c.athomePerClass, enrolment0],
    )
    await step(
      'online classes',
      'aulas_online',
      `insert into aulas_online (turma_id, tema, professor, inicio, fim, link)
       select $1::int + k, 'Conversação ' || o, 'Professor ' || (k % 400),
              date_trunc('hour', now()) + ((k % 14) - 3 + o * 7) * interval '1 day',
              date_trunc('hour', now()) + ((k % 14) - 3 + o * 7) * interval '1 day' + interval '50 minutes',
              'https://meet.rede-escala.example/' || k || '-' || o
       from generate_series(1, $2::int) k, generate_series(1, $3::int) o`,
      [turma0, c.classes, c.onlineClassesPerClass],
    )
    // Monthly from February; the past ones paid, except every seventh (overdue).
    await step(
      'instalments',
      'parcelas',
      `insert into parcelas (user_id, descricao, numero, total_parcelas, vencimento, valor_centavos, valor_pago_centavos, pago_em)
       select $1::int + g, 'Mensalidade 2026', n, $2::int, v.vencimento, 34900 + (g % 5) * 1000,
              case when v.pago then 34900 + (g % 5) * 1000 end, case when v.pago then v.vencimento - 2 end
       from generate_series(1, $3::int) g, generate_series(1, $2::int) n,
            lateral (select (date '2026-02-10' + (n - 1) * interval '1 month')::date as vencimento) d,
            lateral (select d.vencimento, d.vencimento < current_date and (g + n) % 7 <> 0 as pago) v`,
      [user0, c.instalmentsPerStudent, S],
    )
    // Order statuses by n % 10: cancelled, awaiting payment, to fulfil (2, 2, 4, 5, 6, 7), delivered (8, 8).
    await step(
      'orders',
      'pre_invoices',
      `insert into pre_invoices (id, user_id, numero, status, produto_solicitado, quantidade_solicitada, parcelas, created_at)
       select $1::int + n, $2::int + (n - 1) % $3::int + 1, 'PV-E' || lpad(n::text, 7, '0'),
              (array[-2, 1, 2, 2, 4, 5, 6, 7, 8, 8])[n % 10 + 1], 'Livro do aluno', 1, 1,
              now() - ($4::int - n) * interval '40 seconds'
       from generate_series(1, $4::int) n`,
      [order0, user0, S, c.orders],
    )
    await step(
      'order items',
      'pre_invoice_items',
      `insert into pre_invoice_items (pre_invoice_id, codigo_produto, descricao, quantidade, valor_unitario_centavos)
       select $1::int + n, 'LIV-' || (n % 8 + 1), 'Livro do aluno ' || (n % 8 + 1), 1, 18990 from generate_series(1, $2::int) n`,
      [order0, c.orders],
    )
    await step(
      'push subscriptions',
      'push_subscriptions',
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth, is_pwa, device_type, brand)
       select $1::int + g, 'https://push.rede-escala.invalid/push/' || g || '-' || d, $2,
              translate(rtrim(encode(decode(md5('rede-escala-' || g || '-' || d), 'hex'), 'base64'), '='), '+/', '-_'),
              d = 1, case when d = 1 then 'mobile' else 'desktop' end, case when g % 10 = 0 then 'phenom' else 'knn' end
       from generate_series(1, $3::int) g, generate_series(1, $4::int) d`,
      [user0, p256dh, S, c.subscriptionsPerStudent],
    )
    // The club: points for the first two paid instalments of club members, a catalogue, redemptions, referral leads.
    await step(
      'club points',
      'club_movimentos',
      `insert into club_movimentos (user_id, tipo, origem, referencia, pontos, descricao, created_at)
       select p.user_id, 'credito', 'parcela', p.id::text, 50, 'Parcela paga em dia', p.pago_em::timestamptz
       from parcelas p join users u on u.id = p.user_id
       where p.user_id > $1::int and p.user_id <= $1::int + $2::int and u.is_club and p.numero <= 2 and p.pago_em is not null`,
      [user0, S],
    )
    await step(
      'rewards',
      'club_recompensas',
      `insert into club_recompensas (id, nome, descricao, custo, estoque)
       select $1::int + r, 'Recompensa da rede ' || r, 'Uma recompensa do catálogo da rede', 100 * r, 1000 from generate_series(1, 10) r`,
      [reward0],
    )
    await step(
      'reward orders',
      'club_pedidos_recompensa',
      `insert into club_pedidos_recompensa (user_id, recompensa_id, pontos, status, created_at)
       select $1::int + ((n * 7) % $2::int) + 1, $3::int + n % 10 + 1, 100 * (n % 10 + 1),
              (array['solicitado', 'solicitado', 'separado', 'entregue', 'cancelado'])[n % 5 + 1], now() - ($4::int - n) * interval '5 minutes'
       from generate_series(1, $4::int) n`,
      [user0, S, reward0, c.rewardOrders],
    )
    await step(
      'referral leads',
      'club_indicacoes',
      `insert into club_indicacoes (referrer_id, nome, telefone, email, consentimento_em, status, created_at)
       select $1::int + ((n * 3) % $2::int) + 1, 'Amigo ' || n, '31' || lpad(n::text, 9, '0'), 'indicado' || n || '@amigos-escala.example',
              now() - ($3::int - n) * interval '3 minutes', (array['novo', 'novo', 'contatado', 'matriculado', 'descartado'])[n % 5 + 1],
              now() - ($3::int - n) * interval '3 minutes'
       from generate_series(1, $3::int) n`,
      [user0, S, c.referralLeads],
    )
    await step(
      'overseas classes',
      'knn_usa_turmas',
      `insert into knn_usa_turmas (id, programa, nome, cidade, data_ida, data_volta, vagas, preco_centavos, moeda)
       values ($1::int + 1, 'orlando', 'Rede em escala Orlando 2027', 'Orlando', '2027-01-10', '2027-01-31', 1000000, 450000, 'USD'),
              ($1::int + 2, 'london', 'Rede em escala London 2027', 'London', '2027-07-05', '2027-07-26', 1000000, 390000, 'GBP')`,
      [overseasClass0],
    )
    // One request per student (distinct users), statuses in turn.
    await step(
      'overseas requests',
      'knn_usa_requests',
      `insert into knn_usa_requests (user_id, turma_id, status, passaporte_numero, passaporte_validade, data_nascimento, menor,
                                     pendencia_tipos, pendencia_motivo, motivo_cancelamento, pago_em, valor_pago_centavos, created_at, atualizado_em)
       select $1::int + (n - 1) * ($2::int / $3::int) + 1, $4::int + n % 2 + 1, s.status, 'FX' || lpad(n::text, 7, '0'), date '2031-01-01', date '2000-05-05', false,
              case when s.status = 'documentos_pendentes' then '["passaporte"]'::jsonb end,
              case when s.status = 'documentos_pendentes' then 'Foto ilegível' end,
              case when s.status = 'cancelado' then 'Desistiu' end,
              case when s.status = 'pago' then now() - interval '1 day' end,
              case when s.status = 'pago' then 2200000 end,
              now() - ($3::int - n) * interval '20 minutes', now() - ($3::int - n) * interval '20 minutes'
       from generate_series(1, $3::int) n,
            lateral (select (array['em_analise', 'em_analise', 'documentos_pendentes', 'aprovado', 'pago', 'cancelado'])[n % 6 + 1] as status) s`,
      [user0, S, Math.min(c.overseasRequests, S), overseasClass0],
    )
    // The push history: past campaigns to one class each, every delivery sent, a tenth opened.
    await step(
      'push history',
      'push_sendings',
      `insert into push_sendings (id, kind, created_by, title, body, link, audience, status, started_at, finished_at, created_at, updated_at)
       select $1::int + p, 'campanha', $2::int + 1, 'Aviso ' || p, 'Mensagem da escola para a turma', '/pedagogico/list',
              jsonb_build_object('kind', 'turma', 'turma_id', $3::int + (p - 1) % $4::int + 1), 'concluido',
              now() - ($5::int - p) * interval '6 hours', now() - ($5::int - p) * interval '6 hours' + interval '2 minutes',
              now() - ($5::int - p) * interval '6 hours' - interval '1 hour', now() - ($5::int - p) * interval '6 hours'
       from generate_series(1, $5::int) p`,
      [sending0, manager0, turma0, c.classes, c.pushSendings],
    )
    // Drafts a manager composes, of the audiences a draft counts now: a school, a class, some students.
    await step(
      'push drafts',
      'push_sendings',
      `insert into push_sendings (id, kind, created_by, title, body, link, audience, status, created_at, updated_at)
       values ($1::int + 1, 'campanha', $2::int + 1, 'Rascunho da escola', 'Mensagem', '/', jsonb_build_object('kind', 'escola', 'escola_id', 90001), 'rascunho', now(), now()),
              ($1::int + 2, 'campanha', $2::int + 1, 'Rascunho da turma', 'Mensagem', '/', jsonb_build_object('kind', 'turma', 'turma_id', $3::int + 1), 'rascunho', now(), now()),
              ($1::int + 3, 'campanha', $2::int + 1, 'Rascunho de alunos', 'Mensagem', '/', jsonb_build_object('kind', 'alunos', 'user_ids', jsonb_build_array($4::int + 1, $4::int + 2)), 'rascunho', now(), now())`,
      [sending0 + c.pushSendings, manager0, turma0, user0],
    )
    await step(
      'push deliveries',
      'push_deliveries',
      `insert into push_deliveries (sending_id, subscription_id, user_id, device_type, status, attempts, last_status, sent_at, next_attempt_at, created_at, updated_at)
       select ps.id, s.id, s.user_id, s.device_type, 'sent', 1, 201, ps.started_at + interval '1 minute', ps.started_at, ps.started_at, ps.started_at + interval '1 minute'
       from push_sendings ps
       join turma_alunos ta on ta.turma_id = (ps.audience ->> 'turma_id')::int
       join push_subscriptions s on s.user_id = ta.user_id
       where ps.id > $1::int and ps.id <= $1::int + $2::int`,
      [sending0, c.pushSendings],
    )
    // Avisos (issue 40 item 13): one notice per student the class audience names, device or not; one in three read.
    await step(
      'push notices',
      'push_notices',
      `insert into push_notices (user_id, sending_id, sent_at, read_at)
       select ta.user_id, ps.id, ps.started_at, case when ta.user_id % 3 = 0 then ps.started_at + interval '1 hour' end
       from push_sendings ps
       join turma_alunos ta on ta.turma_id = (ps.audience ->> 'turma_id')::int
       where ps.id > $1::int and ps.id <= $1::int + $2::int
       on conflict do nothing`,
      [sending0, c.pushSendings],
    )
    await step(
      'push clicks',
      'user_actions',
      `insert into user_actions (delivery_id, action, at)
       select d.id, 'clicked', d.sent_at + interval '10 minutes' from push_deliveries d
       where d.sending_id > $1::int and d.sending_id <= $1::int + $2::int and d.subscription_id % 10 = 0`,
      [sending0, c.pushSendings],
    )

    for (const table of [
      'users',
      'companies',
      'turmas',
      'turma_alunos',
      'avaliacoes',
      'atividades_athome',
      'pre_invoices',
      'club_recompensas',
      'knn_usa_turmas',
      'push_sendings',
    ]) {
      await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`)
    }
    // The orders' counts by status are kept by a trigger (migration 0031), off here with the others.
    await step(
      'order counts by status',
      'pre_invoice_status_counts',
      `insert into pre_invoice_status_counts (status, total) select status, count(*) from pre_invoices group by status
       on conflict (status) do update set total = excluded.total`,
    )
    await client.query('commit')

    const analyzeAt = performance.now()
    await client.query('analyze')
    steps.push({ step: 'analyze', ms: performance.now() - analyzeAt })
    log(`  analyze: ${((performance.now() - analyzeAt) / 1000).toFixed(1)} s`)

    const managerIds = Array.from({ length: c.managers }, (_, m) => manager0 + m + 1)
    return { counts, firstStudentId: user0 + 1, managerIds, rows, steps, totalMs: performance.now() - started }
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  }
}
