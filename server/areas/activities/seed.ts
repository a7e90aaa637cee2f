import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { and, eq, inArray } from 'drizzle-orm'
import type { FileStorage } from '../../storage/file-storage.ts'
import type { Db } from '../../db/client.ts'
import { atividadeArquivos, atividadeCorrecoes, turmaAlunoAtividades, turmaAtividades } from './schema.ts'
import { turmaAlunos, turmas } from '../classes/schema.ts'
import { users } from '../users/schema.ts'

/**
 * The demo school's class activities (issue 10): some with a file sent and a correction,
 * some with a file sent and none, some untouched, and one held as a class that starts when the school is seeded (presence).
 * The rows are seeded with the rest of the school (server/db/seed-school.ts); their files
 * need file storage, so `seedDemoActivityFiles` puts them there when the server starts.
 * Both only add what is missing.
 */

interface DemoFile {
  nome: string
  /** The lines of the generated PDF. */
  linhas: string[]
  /** Days from the seeding day. */
  dia: number
}

interface DemoTarefa {
  titulo: string
  enunciado: string
  /** Due date, days from the seeding day; null = no deadline. */
  entrega: number | null
  /**
   * Held as a class starting this many minutes after the school was seeded (floored to 5
   * minutes), so presence can be tried in the demo and in the e2e run (presence is open from
   * 30 minutes before to 3 hours after).
   */
  aulaDaquiA?: number
  enviado?: DemoFile
  correcao?: DemoFile & { comentario: string }
}

/** By demo e-mail, then by class name. */
export const DEMO_TAREFAS: Readonly<Record<string, Readonly<Record<string, DemoTarefa[]>>>> = {
  'aluno@example.com': {
    'Inglês — Intermediário 2': [
      {
        titulo: 'Writing — My last holidays',
        enunciado: 'Escreva um texto de 120 a 150 palavras sobre suas últimas férias, usando o past simple.',
        entrega: -10,
        enviado: { nome: 'Redação — férias.pdf', linhas: ['My last holidays', 'Last July I went to Salvador with my family...'], dia: -12 },
        correcao: {
          nome: 'Correção — férias.pdf',
          linhas: ['Correcao: My last holidays', 'Otimo texto! Revise o past simple de "go" e "see".'],
          dia: -8,
          comentario: 'Ótimo texto! Atenção ao past simple dos verbos irregulares.',
        },
      },
      {
        titulo: 'Conversation class — Travelling',
        enunciado: 'Aula de conversação sobre viagens. Registre sua presença ao entrar.',
        entrega: 0,
        aulaDaquiA: 0,
      },
      {
        titulo: 'Listening — Podcast, unit 5',
        enunciado: 'Ouça o podcast da unidade 5 e grave um áudio de 1 minuto respondendo às perguntas da página 58.',
        entrega: 5,
      },
    ],
    'Espanhol — Básico 1': [
      {
        titulo: 'Tarea — Presentación personal',
        enunciado: 'Prepare uma apresentação pessoal (nome, idade, cidade, profissão) em PDF ou áudio.',
        entrega: 3,
        enviado: { nome: 'presentacion.pdf', linhas: ['Hola! Me llamo Ana.', 'Vivo en Sao Paulo.'], dia: -1 },
      },
    ],
  },
  'lucas.pereira@example.com': {
    'Inglês — Kids 3': [
      {
        titulo: 'Project — My family tree',
        enunciado: 'Desenhe sua árvore genealógica com os nomes em inglês (mother, father, brother...).',
        entrega: -60,
        enviado: { nome: 'family-tree.pdf', linhas: ['My family tree', 'mother, father, sister'], dia: -62 },
        correcao: { nome: 'family-tree-corrigido.pdf', linhas: ['Great job, Lucas!'], dia: -55, comentario: 'Excelente trabalho!' },
      },
    ],
  },
  'marina.pereira@example.com': {
    'Inglês — Teens 1': [
      {
        titulo: 'Writing — My favourite band',
        enunciado: 'Escreva um parágrafo sobre sua banda favorita usando o present simple.',
        entrega: 7,
      },
    ],
  },
}

const DAY_MS = 86_400_000
const FIVE_MINUTES_MS = 5 * 60_000

function addDaysIso(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** The demo enrolments that have activities: (user e-mail, class name) → enrolment and class ids. */
async function demoEnrolments(db: Db) {
  const emails = Object.keys(DEMO_TAREFAS)
  const rows = await db
    .select({ email: users.email, turmaNome: turmas.nome, turmaId: turmas.id, turmaAlunoId: turmaAlunos.id, userId: users.id })
    .from(turmaAlunos)
    .innerJoin(users, eq(users.id, turmaAlunos.userId))
    .innerJoin(turmas, eq(turmas.id, turmaAlunos.turmaId))
    .where(inArray(users.email, emails))
  return rows.filter((row) => row.email && DEMO_TAREFAS[row.email]?.[row.turmaNome])
}

/** Seeds the demo activities and assigns them to the demo students (rows only; missing ones). */
export async function seedDemoActivities(db: Db, today: string, now: Date): Promise<void> {
  for (const enrolment of await demoEnrolments(db)) {
    const tarefas = DEMO_TAREFAS[enrolment.email!]![enrolment.turmaNome]!
    const existing = await db
      .select({ id: turmaAtividades.id, titulo: turmaAtividades.titulo })
      .from(turmaAtividades)
      .where(eq(turmaAtividades.turmaId, enrolment.turmaId))
    const ids = new Map(existing.map((row) => [row.titulo, row.id]))
    const missing = tarefas.filter((tarefa) => !ids.has(tarefa.titulo))
    if (missing.length > 0) {
      const created = await db
        .insert(turmaAtividades)
        .values(
          missing.map((tarefa) => ({
            turmaId: enrolment.turmaId,
            titulo: tarefa.titulo,
            enunciado: tarefa.enunciado,
            dataEntrega: tarefa.entrega === null ? null : addDaysIso(today, tarefa.entrega),
            aulaEm:
              tarefa.aulaDaquiA === undefined
                ? null
                : new Date(Math.floor(now.getTime() / FIVE_MINUTES_MS) * FIVE_MINUTES_MS + tarefa.aulaDaquiA * 60_000),
          })),
        )
        .returning({ id: turmaAtividades.id, titulo: turmaAtividades.titulo })
      for (const row of created) ids.set(row.titulo, row.id)
    }
    await db
      .insert(turmaAlunoAtividades)
      .values(tarefas.map((tarefa) => ({ turmaAtividadeId: ids.get(tarefa.titulo)!, turmaAlunoId: enrolment.turmaAlunoId })))
      .onConflictDoNothing({ target: [turmaAlunoAtividades.turmaAtividadeId, turmaAlunoAtividades.turmaAlunoId] })
  }
}

/**
 * The sent files and corrections of the demo activities, put in file storage with their
 * rows, where an activity has none yet. Run at start with the server's storage.
 */
export async function seedDemoActivityFiles(db: Db, storage: FileStorage, now: Date): Promise<number> {
  let stored = 0
  for (const enrolment of await demoEnrolments(db)) {
    const tarefas = DEMO_TAREFAS[enrolment.email!]![enrolment.turmaNome]!
    const assigned = await db
      .select({ id: turmaAlunoAtividades.id, titulo: turmaAtividades.titulo })
      .from(turmaAlunoAtividades)
      .innerJoin(turmaAtividades, eq(turmaAtividades.id, turmaAlunoAtividades.turmaAtividadeId))
      .where(eq(turmaAlunoAtividades.turmaAlunoId, enrolment.turmaAlunoId))
    for (const { id, titulo } of assigned) {
      const tarefa = tarefas.find((candidate) => candidate.titulo === titulo)
      if (!tarefa) continue
      const at = (dia: number) => new Date(now.getTime() + dia * DAY_MS)
      if (tarefa.enviado) {
        const [sent] = await db
          .select({ id: atividadeArquivos.id })
          .from(atividadeArquivos)
          .where(eq(atividadeArquivos.turmaAlunoAtividadeId, id))
          .limit(1)
        if (!sent) {
          const file = await putPdf(storage, tarefa.enviado.linhas)
          await db.insert(atividadeArquivos).values({
            turmaAlunoAtividadeId: id,
            userId: enrolment.userId,
            idempotencyKey: `demo-envio-${id}`,
            nome: tarefa.enviado.nome,
            recebidoEm: at(tarefa.enviado.dia),
            ...file,
          })
          stored++
        }
      }
      if (tarefa.correcao) {
        const [corrected] = await db
          .select({ id: atividadeCorrecoes.id })
          .from(atividadeCorrecoes)
          .where(and(eq(atividadeCorrecoes.turmaAlunoAtividadeId, id)))
          .limit(1)
        if (!corrected) {
          const file = await putPdf(storage, tarefa.correcao.linhas)
          await db.insert(atividadeCorrecoes).values({
            turmaAlunoAtividadeId: id,
            nome: tarefa.correcao.nome,
            comentario: tarefa.correcao.comentario,
            corrigidoEm: at(tarefa.correcao.dia),
            ...file,
          })
          stored++
        }
      }
    }
  }
  return stored
}

async function putPdf(storage: FileStorage, lines: string[]) {
  const bytes = demoPdf(lines)
  const { key, size } = await storage.put(Readable.from([bytes]), { mediaType: 'application/pdf' })
  return { chave: key, tamanho: size, tipo: 'application/pdf', sha256: createHash('sha256').update(bytes).digest('hex') }
}

/** A one-page PDF showing `lines` in Helvetica (Latin-1 text), with a correct cross-reference table. */
export function demoPdf(lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`)
  const text = lines.map((line, index) => `BT /F1 14 Tf 72 ${760 - index * 24} Td (${escape(line)}) Tj ET`).join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}
