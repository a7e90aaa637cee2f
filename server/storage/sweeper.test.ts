import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdir, utimes, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { getTableColumns, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as schema from '../db/schema.ts'
import { atividadeArquivos, atividadeCorrecoes } from '../areas/activities/schema.ts'
import { createAccount, createActivity } from '../test/accounts.ts'
import { knnUsaDocumentos } from '../areas/overseas-study/schema.ts'
import { createTestApp, type TestApp } from '../test/app.ts'
import { createKnnUsaRequest } from '../test/knn-usa.ts'
import { filesOnDisk, sampleFile } from '../test/multipart.ts'
import { partialBytes, startSlowUpload } from '../test/slow-upload.ts'
import { startS3StandIn, type S3StandIn } from '../test/stand-ins/s3.ts'
import { PutObjectCommand } from '@aws-sdk/client-s3'
import { PARTIAL_DIR, UPLOAD_LIFETIME_MS } from './local-disk.ts'
import { s3Client } from './s3.ts'
import { ORPHAN_GRACE_MS, STORED_FILE_KEYS } from './sweeper.ts'

/** The file sweeper (issue 36 item 6) in the real app, on local disk and on the S3 stand-in. */

const KB = 1024
const afterGrace = () => new Date(Date.now() + ORPHAN_GRACE_MS + 60_000)

/** A file the storage holds that no row references: what a crash between upload and insert leaves. */
async function orphan(t: TestApp): Promise<string> {
  return (await t.app.fileStorage.put(Readable.from([sampleFile('application/pdf', 2 * KB)]), { mediaType: 'application/pdf' })).key
}

/** Keys of files a row references: a student's hand-in, a teacher's correction, a knn-usa passport. */
async function referenced(t: TestApp): Promise<string[]> {
  const account = await createAccount(t.app, t.db)
  await createActivity(t.db, account.id, t.app.fileStorage, { arquivo: true, correcao: true })
  const { chave } = await createKnnUsaRequest(t.db, account.id, t.app.fileStorage)
  const handIns = await t.db.orm.select({ chave: atividadeArquivos.chave }).from(atividadeArquivos)
  const corrections = await t.db.orm.select({ chave: atividadeCorrecoes.chave }).from(atividadeCorrecoes)
  return [...handIns, ...corrections].map((row) => row.chave).concat(chave)
}

describe('file sweeper on local disk', () => {
  let t: TestApp
  let files: string
  const stored = async () => (await filesOnDisk(files)).filter((file) => !file.startsWith(PARTIAL_DIR)).map((file) => path.basename(file))

  beforeAll(async () => {
    t = await createTestApp()
    files = path.join(t.config.dataDir, 'files')
    await t.app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(() => t.close())

  it('removes a file no row references once older than the grace period; keeps referenced files and a young orphan', async () => {
    const kept = await referenced(t)
    const lost = await orphan(t)
    expect(await stored()).toEqual(expect.arrayContaining([...kept, lost]))

    // Just stored: it may be about to be referenced (its upload's row not yet committed).
    expect(await t.app.fileSweeper.sweep()).toMatchObject({ orphans: 0 })
    expect(await stored()).toContain(lost)

    expect(await t.app.fileSweeper.sweep(afterGrace())).toMatchObject({ orphans: 1 })
    expect(await stored()).not.toContain(lost)
    expect(await stored()).toEqual(expect.arrayContaining(kept))
    expect(await t.db.orm.select().from(knnUsaDocumentos)).not.toHaveLength(0)
  })

  it('leaves an upload in progress alone, which then completes; removes what dead uploads left', async () => {
    const partials = path.join(files, PARTIAL_DIR)
    const host = createHash('sha256').update(hostname()).digest('hex').slice(0, 8)
    // A process of this machine that is gone (nothing answers for it): its file goes at once.
    const dead = path.join(partials, `${host}-${randomBytes(8).toString('hex')}`)
    await mkdir(dead, { recursive: true })
    await writeFile(path.join(dead, randomUUID()), randomBytes(300 * KB))
    // A process of another machine: kept while an upload could still be running, then removed.
    const elsewhere = path.join(partials, `0badc0de-${randomBytes(8).toString('hex')}`)
    await mkdir(elsewhere)
    await writeFile(path.join(elsewhere, 'recente'), randomBytes(10 * KB))
    await writeFile(path.join(elsewhere, 'antigo'), randomBytes(20 * KB))
    const longAgo = new Date(Date.now() - UPLOAD_LIFETIME_MS - 60_000)
    await utimes(path.join(elsewhere, 'antigo'), longAgo, longAgo)

    const account = await createAccount(t.app, t.db)
    const id = (await createActivity(t.db, account.id, t.app.fileStorage)).turmaAlunoAtividade!
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
    const total = 2 * 1024 * KB
    const upload = await startSlowUpload(base, account.token, id, total)
    await upload.more(512 * KB)
    // The upload's own partial file has bytes on disk.
    await expect.poll(() => partialBytes(files), { timeout: 10_000 }).toBeGreaterThan(330 * KB)

    // (The sweep at start may have run meanwhile: what is on disk tells, not this sweep's count.)
    expect(await t.app.fileSweeper.sweep()).not.toBeNull()
    const left = await filesOnDisk(partials)
    expect(left.filter((file) => file.startsWith(path.basename(elsewhere)))).toEqual([`${path.basename(elsewhere)}/recente`])
    const ours = left.filter((file) => !file.startsWith(path.basename(elsewhere)))
    expect(ours).toHaveLength(1)
    expect(ours[0]).not.toContain(path.basename(dead))

    const answer = await upload.finish()
    expect(answer.status, answer.body).toBe(201)
    const receipt = JSON.parse(answer.body) as { tamanho: number; sha256: string }
    expect(receipt.tamanho).toBe(total)
    const [row] = await t.db.orm
      .select()
      .from(atividadeArquivos)
      .where(sql`${atividadeArquivos.sha256} = ${receipt.sha256}`)
    expect(await stored()).toContain(row!.chave)
    // Nothing of it is left in .partial: only the other machine's recent file.
    expect(await filesOnDisk(partials)).toEqual([`${path.basename(elsewhere)}/recente`])
  })

  it('sweeps in one process at a time: on PostgreSQL a second one skips while the first holds the lock', async () => {
    if (t.db.engine === 'pglite') {
      // One process per PGlite data directory: no lock to take, every sweep runs.
      expect(await t.app.fileSweeper.sweep()).not.toBeNull()
      return
    }
    const lost = await orphan(t)
    await t.db.orm.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727360)`)
      expect(await t.app.fileSweeper.sweep(afterGrace())).toBeNull()
    })
    expect(await stored()).toContain(lost)
    expect(await t.app.fileSweeper.sweep(afterGrace())).toMatchObject({ orphans: 1 })
    expect(await stored()).not.toContain(lost)
  })

  it('knows every column that holds a stored file key', () => {
    const keyColumns = (Object.values(schema) as unknown[])
      .filter((table): table is PgTable => is(table, PgTable))
      .flatMap((table) => Object.values(getTableColumns(table)))
      .filter((column) => column.name === 'chave')
    expect(keyColumns.length).toBeGreaterThanOrEqual(3)
    for (const column of keyColumns) expect(STORED_FILE_KEYS).toContain(column)
  })
})

describe('file sweeper on the S3 stand-in', () => {
  let s3: S3StandIn
  let t: TestApp

  beforeAll(async () => {
    s3 = await startS3StandIn()
    t = await createTestApp({ s3: { ...s3.settings, prefix: 'portal/' } })
  })
  afterAll(async () => {
    await t?.close()
    await s3?.close()
  })

  it('removes an orphan older than the grace period; keeps referenced files, a young orphan and objects not its own', async () => {
    const kept = await referenced(t)
    const lost = await orphan(t)
    // Another application's objects in the same bucket, inside the prefix and outside it.
    const client = s3Client(s3.settings)
    for (const Key of ['portal/relatorio.csv', `outro/${randomUUID()}`]) {
      await client.send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key, Body: 'alheio' }))
    }
    client.destroy()
    const keys = async () => (await s3.keys()).map((key) => key.replace(/^portal\//, ''))
    expect(await keys()).toEqual(expect.arrayContaining([...kept, lost]))

    expect(await t.app.fileSweeper.sweep()).toMatchObject({ orphans: 0 })
    expect(await keys()).toContain(lost)

    expect(await t.app.fileSweeper.sweep(afterGrace())).toMatchObject({ orphans: 1 })
    expect(await keys()).not.toContain(lost)
    expect(await keys()).toEqual(expect.arrayContaining([...kept, 'relatorio.csv', expect.stringMatching(/^outro\//)]))
  })
})
