// Bundled by bench/offline.ts and run in Chromium on the app's origin: real IndexedDB.
// Fills the local database like a busy student (10 classes × 40 grades, 60 instalments)
// and times the reads the screens do.
import type { Parcela } from '../src/contract/schemas/financeiro.ts'
import type { Avaliacao, Turma } from '../src/contract/schemas/turma.ts'
import { PortalDb, type StoredNotas } from '../src/db/database.ts'
import { storeFinancial, storeTurmas } from '../src/db/sync.ts'

function fixtures() {
  const turmas: Turma[] = []
  const notas: StoredNotas[] = []
  for (let i = 1; i <= 10; i++) {
    turmas.push({
      id: i,
      turma_aluno_id: 100 + i,
      nome: `Turma ${i}`,
      idioma: 'Inglês',
      nivel: `Nível ${i}`,
      professor: 'Professora',
      sala: 'Sala 1',
      modalidade: 'presencial',
      somente_digital: false,
      horarios: [{ dia_semana: (i % 6) + 1, inicio: '19:00', fim: '20:30' }],
      livro: { id: i, nome: `Livro ${i}`, codigo: `L${i}` },
      aulas_total: 40,
      aulas_realizadas: 20,
      progresso: 50,
      data_inicio: '2026-02-01',
      data_fim: null,
    })
    const avaliacoes: Avaliacao[] = Array.from({ length: 40 }, (_, k) => ({
      id: i * 1000 + k,
      nome: `Avaliação ${k + 1}`,
      tipo: 'prova',
      data: '2026-06-01',
      peso: 1,
      nota: (k % 10) + 0.5,
    }))
    notas.push({ turma_id: i, notas: { turma_id: i, avaliacoes, media: 5, nota_minima: 7, situacao: 'reprovado' }, athome: null })
  }
  const parcelas: Parcela[] = Array.from({ length: 60 }, (_, k) => ({
    id: k + 1,
    descricao: 'Mensalidade',
    numero: (k % 12) + 1,
    total_parcelas: 12,
    vencimento: `2026-${String((k % 12) + 1).padStart(2, '0')}-10`,
    valor: 45100,
    valor_pago: null,
    pago_em: null,
    status: 'aberto',
  }))
  return { turmas, notas, parcelas }
}

export async function run(repetitions = 30): Promise<{ classesWithGradesMs: number[]; instalmentsMs: number[] }> {
  const db = new PortalDb('bench-dexie-read')
  await db.delete()
  await db.open()
  const { turmas, notas, parcelas } = fixtures()
  await storeTurmas(turmas, notas, { db })
  await storeFinancial({ parcelas, totais: { pago: 0, aberto: 60 * 45100, vencido: 0 } }, { db })
  const classesWithGradesMs: number[] = []
  const instalmentsMs: number[] = []
  for (let r = 0; r < repetitions; r++) {
    let start = performance.now()
    const [list, all] = await Promise.all([db.turmas.orderBy('nome').toArray(), db.notas.toArray()])
    classesWithGradesMs.push(performance.now() - start)
    if (list.length !== 10 || all.reduce((n, s) => n + s.notas.avaliacoes.length, 0) !== 400) throw new Error('bench data missing')
    start = performance.now()
    const rows = await db.parcelas.orderBy('vencimento').toArray()
    instalmentsMs.push(performance.now() - start)
    if (rows.length !== 60) throw new Error('bench data missing')
  }
  await db.delete()
  return { classesWithGradesMs, instalmentsMs }
}
