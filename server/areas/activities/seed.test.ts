import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { count, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { localDiskStorage } from '../../storage/local-disk.ts'
import { createTestDatabase } from '../../test/app.ts'
import { filesOnDisk } from '../../test/multipart.ts'
import type { Database } from '../../db/client.ts'
import { atividadeArquivos, atividadeCorrecoes, turmaAlunoAtividades, turmaAtividades } from './schema.ts'
import { users } from '../users/schema.ts'
import { demoPdf, seedDemoActivityFiles } from './seed.ts'
import { seedDemo } from '../../db/seed.ts'

/** The demo's class activities: rows with the school, files in storage at start. */

let db: Database
let root: string
beforeEach(async () => {
  db = await createTestDatabase()
  root = await mkdtemp(path.join(tmpdir(), 'portal-demo-files-'))
})
afterEach(async () => {
  await db.close()
  await rm(root, { recursive: true, force: true })
})

async function counts() {
  const of = async (table: typeof turmaAtividades | typeof turmaAlunoAtividades | typeof atividadeArquivos | typeof atividadeCorrecoes) =>
    (await db.orm.select({ n: count() }).from(table))[0]!.n
  return {
    atividades: await of(turmaAtividades),
    atribuidas: await of(turmaAlunoAtividades),
    arquivos: await of(atividadeArquivos),
    correcoes: await of(atividadeCorrecoes),
  }
}

describe('demo activities', () => {
  it('seeds six activities for the demo students; seeding again adds none', async () => {
    expect(await counts()).toEqual({ atividades: 6, atribuidas: 6, arquivos: 0, correcoes: 0 })
    await seedDemo(db.orm)
    expect(await counts()).toEqual({ atividades: 6, atribuidas: 6, arquivos: 0, correcoes: 0 })
  })

  it('stores the sent files and corrections once, readable from storage with their hashes', async () => {
    const storage = await localDiskStorage(path.join(root, 'files'))
    expect(await seedDemoActivityFiles(db.orm, storage, new Date())).toBe(5)
    expect(await seedDemoActivityFiles(db.orm, storage, new Date())).toBe(0)
    expect(await counts()).toMatchObject({ arquivos: 3, correcoes: 2 })
    expect(await filesOnDisk(path.join(root, 'files'))).toHaveLength(5)

    const sent = await db.orm
      .select({ chave: atividadeArquivos.chave, sha256: atividadeArquivos.sha256, email: users.email })
      .from(atividadeArquivos)
      .innerJoin(users, eq(users.id, atividadeArquivos.userId))
    expect(sent.map((row) => row.email).sort()).toEqual(['aluno@example.com', 'aluno@example.com', 'lucas.pereira@example.com'])
    for (const row of sent) {
      const bytes = Buffer.concat(await (await storage.get(row.chave))!.toArray())
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
      const { createHash } = await import('node:crypto')
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256)
    }
  })

  it('writes a PDF whose cross-reference table points at its objects', () => {
    const pdf = demoPdf(['Olá (mundo)', 'Segunda linha']).toString('latin1')
    const xref = Number(/startxref\n(\d+)\n/.exec(pdf)![1])
    expect(pdf.slice(xref, xref + 4)).toBe('xref')
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]))
    expect(offsets).toHaveLength(5)
    offsets.forEach((offset, index) => expect(pdf.slice(offset, offset + 8)).toBe(`${index + 1} 0 obj\n`))
    expect(pdf).toContain('(Olá \\(mundo\\)) Tj')
  })
})
