import { randomUUID } from 'node:crypto'
import { readdir, stat } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { PARTIAL_DIR } from '../storage/local-disk.ts'
import { BOUNDARY, MULTIPART_TYPE, sampleFile } from './multipart.ts'

/**
 * An activity upload sent by hand over a socket, a piece at a time, so a test (or the
 * bench) can hold it mid-stream: sweep meanwhile, kill the server, or finish it. Used by
 * server/storage/sweeper*.test.ts and bench/attack-files.ts against a real listening server.
 */

export interface SlowUpload {
  /** Sends `bytes` more of the file (filler after its PDF signature). */
  more(bytes: number): Promise<void>
  /** Sends the rest of the declared file and the closing boundary; resolves with the answer. */
  finish(): Promise<{ status: number; body: string }>
  /** Bytes of the file sent so far. */
  sent(): number
  destroy(): void
}

/** The first activity of the student's first class (the demo's and createActivity's alike). */
export async function firstActivityOf(base: string, token: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` }
  const turmas = (await (await fetch(`${base}/api/v1/at-home/turmas/`, { headers })).json()) as { turma_aluno_id: number }[]
  for (const turma of turmas) {
    const url = `${base}/api/v1/turma-aluno-atividades/turma-aluno/${turma.turma_aluno_id}/`
    const atividades = (await (await fetch(url, { headers })).json()) as { id: number; arquivos: unknown[] }[]
    const open = atividades.find((atividade) => atividade.arquivos.length === 0)
    if (open) return open.id
  }
  throw new Error('no activity without files')
}

/** Starts sending a PDF of `total` bytes to an activity; nothing of the file is sent yet. */
export async function startSlowUpload(base: string, token: string, activityId: number, total: number): Promise<SlowUpload> {
  const url = new URL(base)
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="lento.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`)
  const socket = net.connect({ host: url.hostname, port: Number(url.port) })
  socket.on('error', () => {})
  let answer = ''
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')))
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  socket.write(
    `POST /api/v1/turma-aluno-atividades/${activityId}/enviar-arquivo-atividade/ HTTP/1.1\r\n` +
      `Host: ${url.host}\r\nAuthorization: Bearer ${token}\r\nIdempotency-Key: ${randomUUID()}\r\n` +
      `Content-Type: ${MULTIPART_TYPE}\r\nContent-Length: ${head.length + total + tail.length}\r\nConnection: close\r\n\r\n`,
  )
  socket.write(head)
  const signature = sampleFile('application/pdf', 64)
  let sent = 0
  const write = (bytes: number) =>
    new Promise<void>((resolve, reject) => {
      const chunk = Buffer.alloc(bytes, 0x41)
      if (sent === 0) chunk.set(signature.subarray(0, Math.min(bytes, signature.length)))
      sent += bytes
      socket.write(chunk, (error) => (error ? reject(error) : resolve()))
    })
  return {
    async more(bytes) {
      await write(Math.min(bytes, total - sent))
    },
    async finish() {
      if (total > sent) await write(total - sent)
      socket.write(tail)
      await closed
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)
      return { status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) }
    },
    sent: () => sent,
    destroy: () => socket.destroy(),
  }
}

/** Bytes in `filesRoot/.partial`, however deep: what uploads in progress or abandoned hold. */
export async function partialBytes(filesRoot: string): Promise<number> {
  const root = path.join(filesRoot, PARTIAL_DIR)
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  let total = 0
  for (const entry of entries) {
    if (!entry.isFile()) continue
    total += (await stat(path.join(entry.parentPath, entry.name)).catch(() => null))?.size ?? 0
  }
  return total
}
