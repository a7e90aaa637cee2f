// The outbox's figures (issue 10, D16), printed by bench/run.ts:
//  - time from `online` until 20 queued 1 MB activity files are stored by the real server,
//    divided by the time the same 20 files take sent one after another with plain fetch
//    from the same page in the same run (goal ≤ 1.3);
//  - the page's JS heap while 100 MB of files wait in the outbox (the bytes are Blobs in
//    IndexedDB, not in the page's memory).
import type { CDPSession, Page } from '@playwright/test'
import { launch, token } from './offline.ts'

const FILES = 20
const MB = 1024 * 1024
/** Ana's two activities with no file yet (server/areas/activities/seed.ts): ten files each. */
const ACTIVITIES = ['Conversation class — Travelling', 'Listening — Podcast, unit 5']
/** Where the 100 MB wait (never sent: the page stays offline until they are removed). */
const PARKED = 'Writing — My last holidays'

export interface OutboxFigures {
  /** Medians over the rounds. */
  fetchMs: number
  outboxMs: number
  /** Each round's outbox ÷ fetch. */
  ratios: number[]
  heapMb: { before: number; queued100: number }
}

function pdfBytes(size: number): Buffer {
  const buffer = Buffer.alloc(size)
  for (let i = 0; i < size; i += 4) buffer.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i)
  buffer.write('%PDF-1.4\n', 0)
  return buffer
}

/** The page's JS heap after a collection, through a DevTools session opened before the page went offline. */
async function jsHeapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
  return usedSize / MB
}

/** Outbox items by state, read from IndexedDB in the page (what the screens read). */
async function outboxStates(page: Page, prefix: string): Promise<Record<string, number>> {
  return page.evaluate(
    (prefix) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('portal-outbox')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const all = open.result.transaction('items').objectStore('items').getAll()
          all.onsuccess = () => {
            const states: Record<string, number> = {}
            for (const item of all.result as Array<{ fileName: string; state: string; reason?: string }>) {
              // A refusal carries the server's reason: the bench stops on it.
              const key = item.state === 'recusado' ? `recusado: ${item.reason}` : item.state
              if (item.fileName.startsWith(prefix)) states[key] = (states[key] ?? 0) + 1
            }
            open.result.close()
            resolve(states)
          }
        }
      }),
    prefix,
  )
}

async function removeQueued(page: Page, prefix: string): Promise<void> {
  await page.evaluate(
    (prefix) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('portal-outbox')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          // The bytes live in their own table: both go.
          const tx = open.result.transaction(['items', 'files'], 'readwrite')
          const store = tx.objectStore('items')
          const all = store.getAll()
          all.onsuccess = () => {
            for (const item of all.result as Array<{ id: string; fileName: string }>)
              if (item.fileName.startsWith(prefix)) {
                store.delete(item.id)
                tx.objectStore('files').delete(item.id)
              }
          }
          tx.oncomplete = () => {
            open.result.close()
            resolve()
          }
        }
      }),
    prefix,
  )
}

/** Rounds of both measurements; the median ratio is printed (one round of 20 files is under a second and noisy). */
const ROUNDS = Number(process.env.OUTBOX_BENCH_ROUNDS ?? 3)

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/** The reference: the same kind of files, one after another with plain fetch, from the page. */
function fetchRound(page: Page, targets: number[]): Promise<number> {
  return page.evaluate(
    async ({ targets, files, size }) => {
      const sent: Array<{ atividade: number; id: number }> = []
      const started = performance.now()
      for (let i = 0; i < files; i++) {
        const bytes = new Uint8Array(size)
        crypto.getRandomValues(bytes.subarray(0, 65536))
        bytes.set(new TextEncoder().encode('%PDF-1.4\n'))
        const body = new FormData()
        body.append('file', new Blob([bytes], { type: 'application/pdf' }), `fetch-${i}.pdf`)
        const atividade = targets[i % targets.length]!
        const response = await fetch(`/api/v1/turma-aluno-atividades/${atividade}/enviar-arquivo-atividade/`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Idempotency-Key': crypto.randomUUID() },
          body,
        })
        if (!response.ok) throw new Error(`fetch send ${response.status}`)
        sent.push({ atividade, id: ((await response.json()) as { id: number }).id })
      }
      const elapsed = performance.now() - started
      // Make room again (ten files per activity): deleted files do not count.
      for (const { atividade, id } of sent)
        await fetch(`/api/v1/turma-aluno-atividades/${atividade}/excluir-atividade/${id}/`, {
          method: 'DELETE',
          headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
        })
      return elapsed
    },
    { targets, files: FILES, size: MB },
  )
}

/**
 * The same files through the outbox: chosen offline on the screen, timed from `online` until
 * the server's answer to the last one. Leaves the page online with the 20 receipts cleared.
 */
async function outboxRound(
  page: Page,
  cdp: CDPSession,
  round: number,
): Promise<{ ms: number; heap?: { before: number; queued100: number } }> {
  const context = page.context()
  await context.setOffline(true)
  const heapBefore = round === 0 ? await jsHeapMb(cdp) : 0
  for (let i = 0; i < FILES; i++) {
    const card = page.getByRole('region', { name: ACTIVITIES[i % ACTIVITIES.length]! })
    await card.locator('input[type=file]').setInputFiles({ name: `outbox-${i}.pdf`, mimeType: 'application/pdf', buffer: pdfBytes(MB) })
  }
  let heap: { before: number; queued100: number } | undefined
  if (round === 0) {
    // 80 more megabytes parked on another activity: the page's memory with 100 MB queued.
    const parked = page.getByRole('region', { name: PARKED })
    for (let i = 0; i < 80; i++)
      await parked.locator('input[type=file]').setInputFiles({ name: `parked-${i}.pdf`, mimeType: 'application/pdf', buffer: pdfBytes(MB) })
  }
  for (;;) {
    const queued = await outboxStates(page, '')
    if ((queued.aguardando ?? 0) + (queued.enviando ?? 0) >= FILES + (round === 0 ? 80 : 0)) break
    await page.waitForTimeout(100)
  }
  if (round === 0) {
    heap = { before: heapBefore, queued100: await jsHeapMb(cdp) }
    await removeQueued(page, 'parked-')
  }
  if (await page.evaluate(() => navigator.onLine)) throw new Error('outbox bench: the page forgot it is offline')

  // When each upload was stored: the end of the server's 2xx answer in the resource timing of
  // the page and of the service worker (its `sync` event sends too), so the bench's own
  // IndexedDB polling below does not count. Should those not account for every file, the
  // poll's time is used.
  await page.evaluate(() => {
    const stored: number[] = []
    ;(window as unknown as { __storedAt: number[] }).__storedAt = stored
    window.addEventListener(
      'online',
      () => ((window as unknown as { __onlineAt: number }).__onlineAt = performance.timeOrigin + performance.now()),
      { once: true },
    )
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[])
        if (entry.name.includes('/enviar-arquivo-atividade/') && entry.responseStatus >= 200 && entry.responseStatus < 300)
          stored.push(performance.timeOrigin + entry.responseEnd)
    }).observe({ type: 'resource' })
  })
  // The worker's timeline holds 250 entries and its install used most: emptied for this round.
  await context.serviceWorkers()[0]?.evaluate(() => performance.clearResourceTimings())
  // OUTBOX_BENCH_PROFILE=<path prefix>: the page's CPU profile of each round, to open in DevTools.
  if (process.env.OUTBOX_BENCH_PROFILE) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
  }
  const started = Date.now()
  await context.setOffline(false)
  for (;;) {
    const states = await outboxStates(page, 'outbox-')
    if ((states.enviado ?? 0) >= FILES) break
    if (Date.now() - started > 300_000 || Object.keys(states).some((key) => key.startsWith('recusado')))
      throw new Error(`outbox bench: not all sent (${JSON.stringify(states)})`)
    await page.waitForTimeout(50)
  }
  const polledMs = Date.now() - started
  if (process.env.OUTBOX_BENCH_PROFILE) {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown }
    const { writeFileSync } = await import('node:fs')
    writeFileSync(`${process.env.OUTBOX_BENCH_PROFILE}-${round}.cpuprofile`, JSON.stringify(profile))
  }
  const byPage = await page.evaluate(() => (window as unknown as { __storedAt: number[] }).__storedAt)
  const worker = context.serviceWorkers()[0]
  const byWorker = worker
    ? await worker.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.name.includes('/enviar-arquivo-atividade/') && entry.responseStatus >= 200 && entry.responseStatus < 300)
          .map((entry) => performance.timeOrigin + entry.responseEnd),
      )
    : []
  const storedAt = [...byPage, ...byWorker].filter((at) => at >= started)
  // OUTBOX_BENCH_TRACE=1: each upload's start, request, answer and end (page or worker), from `started`.
  if (process.env.OUTBOX_BENCH_TRACE) {
    const timeline = (scope: string) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.name.includes('/enviar-arquivo-atividade/'))
        .map((entry) => ({
          scope,
          start: performance.timeOrigin + entry.startTime,
          req: performance.timeOrigin + entry.requestStart,
          resp: performance.timeOrigin + entry.responseStart,
          end: performance.timeOrigin + entry.responseEnd,
        }))
    const rows = [...(await page.evaluate(timeline, 'page')), ...(worker ? await worker.evaluate(timeline, 'sw') : [])]
      .filter((row) => row.end >= started)
      .sort((a, b) => a.start - b.start)
    const onlineAt = await page.evaluate(() => (window as unknown as { __onlineAt?: number }).__onlineAt ?? NaN)
    const at = (t: number) => (t - started).toFixed(0).padStart(5)
    console.log(`round ${round}: online event at ${at(onlineAt)}`)
    for (const row of rows)
      console.log(`  ${row.scope.padEnd(4)} start ${at(row.start)} req ${at(row.req)} resp ${at(row.resp)} end ${at(row.end)}`)
  }
  const ms = storedAt.length >= FILES ? Math.max(...storedAt) - started : polledMs
  await removeQueued(page, 'outbox-')
  return heap ? { ms, heap } : { ms }
}

export async function outboxFigures(baseUrl: string): Promise<OutboxFigures> {
  const browser = await launch()
  try {
    const context = await browser.newContext({ baseURL: baseUrl, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
    const accessToken = await token(baseUrl)
    await context.addInitScript((value) => localStorage.setItem('token', value), accessToken)
    const page = await context.newPage()
    const auth = { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' }
    const turmas = (await (await fetch(`${baseUrl}/api/v1/at-home/turmas/`, { headers: auth })).json()) as Array<{
      id: number
      nome: string
      turma_aluno_id: number
    }>
    const turma = turmas.find((candidate) => candidate.nome === 'Inglês — Intermediário 2')!
    const listUrl = `${baseUrl}/api/v1/turma-aluno-atividades/turma-aluno/${turma.turma_aluno_id}/`
    const atividades = (await (await fetch(listUrl, { headers: auth })).json()) as Array<{ id: number; titulo: string }>
    const targets = ACTIVITIES.map((titulo) => atividades.find((atividade) => atividade.titulo === titulo)!.id)

    await page.goto(`/pedagogico/atividades/${turma.id}`)
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 })
    await page.getByTestId('atividade').first().waitFor({ timeout: 30_000 })
    // Opened while online and kept: attaching a DevTools session to an offline page makes
    // Chromium forget the emulated offline state (navigator.onLine turns true and no
    // `online` event ever comes), which would time the backoff timer instead.
    const cdp = await context.newCDPSession(page)

    const fetchTimes: number[] = []
    const outboxTimes: number[] = []
    let heapMb = { before: 0, queued100: 0 }
    for (let round = 0; round < ROUNDS; round++) {
      fetchTimes.push(await fetchRound(page, targets))
      await page.reload()
      await page.getByTestId('atividade').first().waitFor({ timeout: 30_000 })
      const { ms, heap } = await outboxRound(page, cdp, round)
      outboxTimes.push(ms)
      if (heap) heapMb = heap
      // Make room for the next round (ten files per activity).
      const now = (await (await fetch(listUrl, { headers: auth })).json()) as Array<{
        id: number
        arquivos: Array<{ id: number; nome: string }>
      }>
      for (const atividade of now.filter((candidate) => targets.includes(candidate.id)))
        for (const arquivo of atividade.arquivos.filter((candidate) => candidate.nome.startsWith('outbox-')))
          await fetch(`${baseUrl}/api/v1/turma-aluno-atividades/${atividade.id}/excluir-atividade/${arquivo.id}/`, {
            method: 'DELETE',
            headers: auth,
          })
    }
    await context.close()
    return { fetchMs: median(fetchTimes), outboxMs: median(outboxTimes), ratios: outboxTimes.map((ms, i) => ms / fetchTimes[i]!), heapMb }
  } finally {
    await browser.close()
  }
}

export function formatOutboxFigures({ fetchMs, outboxMs, ratios, heapMb }: OutboxFigures): string {
  return [
    `20 × 1 MB activity files, real server (PGlite, local disk), median of ${ratios.length} rounds`,
    `  plain fetch, one after another   ${fetchMs.toFixed(0).padStart(6)} ms`,
    `  outbox, from 'online' to stored  ${outboxMs.toFixed(0).padStart(6)} ms`,
    `  ratio ${median(ratios).toFixed(2)} (goal ≤ 1.3; rounds: ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')})`,
    `page JS heap: ${heapMb.before.toFixed(1)} MB before, ${heapMb.queued100.toFixed(1)} MB with 100 MB queued`,
  ].join('\n')
}
