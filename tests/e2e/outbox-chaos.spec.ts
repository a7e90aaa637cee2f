import { expect, test } from '@playwright/test'
import { ANA, atividade, chooseFile, dispatchSync, INGLES, openAtividades, outboxItem, pdf, serverFiles, signIn } from './outbox-helpers.ts'

// The service worker is part of what these tests check (offline reloads, its cache, push, sync).
test.use({ serviceWorkers: 'allow' })

/**
 * Chaos (issue 10, D16): 20 files chosen while the network flips at random moments and the
 * page reloads twice. At the end the real server holds exactly those 20 files, each
 * byte-identical (SHA-256) and none twice. Bounded: the flips stop after the last file.
 */

const ACTIVITIES = ['Conversation class — Travelling', 'Writing — My last holidays', 'Listening — Podcast, unit 5']
const FILES = 20

/** A small seeded generator: a failing run can be repeated with the seed it printed. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

test('20 uploads through network flips and two reloads: exactly 20 on the server, identical, none twice', async ({ page, context }) => {
  test.setTimeout(150_000)
  const seed = Number(process.env.CHAOS_SEED ?? Date.now() % 100_000)
  console.log(`outbox chaos seed ${seed}`)
  const next = random(seed)
  await signIn(page, ANA)
  await openAtividades(page, INGLES)
  const run = `chaos-${seed}`
  const files = Array.from({ length: FILES }, (_, i) =>
    pdf(`${run}-${String(i + 1).padStart(2, '0')}.pdf`, 4096 + Math.floor(next() * 60_000)),
  )

  let offline = false
  let flipping = true
  const flips = (async () => {
    while (flipping) {
      await new Promise((resolve) => setTimeout(resolve, 200 + next() * 1200))
      if (!flipping) break
      offline = !offline
      await context.setOffline(offline)
    }
  })()

  for (const [i, file] of files.entries()) {
    if (i === 7 || i === 14) {
      await page.reload()
      await expect(page.getByTestId('atividade').first()).toBeVisible({ timeout: 30_000 })
    }
    const card = atividade(page, ACTIVITIES[i % ACTIVITIES.length]!)
    await chooseFile(card, file)
    // Queued before the next one: on the device whatever the network does.
    await expect(
      outboxItem(card, file.name)
        .or(card.getByTestId('arquivo').filter({ hasText: file.name }))
        .first(),
    ).toBeVisible({
      timeout: 20_000,
    })
  }
  flipping = false
  await flips
  await context.setOffline(false)
  await dispatchSync(context, page)

  await page.goto('/envios-pendentes')
  const mine = page.getByTestId('outbox-item').filter({ hasText: run })
  await expect(mine).toHaveCount(FILES, { timeout: 30_000 })
  await expect(mine.and(page.locator('[data-state="enviado"]'))).toHaveCount(FILES, { timeout: 60_000 })

  const stored = (await serverFiles(page, INGLES)).filter((arquivo) => arquivo.nome.startsWith(run))
  expect(stored).toHaveLength(FILES)
  expect(new Set(stored.map((arquivo) => arquivo.nome)).size).toBe(FILES)
  for (const file of files) {
    const onServer = stored.find((arquivo) => arquivo.nome === file.name)
    expect(onServer?.sha256, file.name).toBe(file.sha256)
  }
})
