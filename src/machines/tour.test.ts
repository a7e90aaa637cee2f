import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { demoStudent } from '../contract/schemas/user.fixture.ts'
import type { CurrentUser } from '../contract/schemas/user.ts'
import { TOUR_SCROLL_DELAY_MS, TOUR_START_DELAY_MS, tourMachine, type TourInput } from './tour.ts'

const user = demoStudent()

interface Options {
  stepCount?: number
  prepareFails?: boolean
  /** Answers to "Fechar tour?", in order. */
  confirmations?: boolean[]
  recordFails?: boolean
}

function start(options: Options = {}) {
  const calls = {
    prepared: [] as string[],
    scrolls: 0,
    shown: [] as number[],
    hidden: 0,
    questions: 0,
    recorded: [] as TourInput[],
    seen: [] as CurrentUser[],
    recordFailed: 0,
  }
  const confirmations = [...(options.confirmations ?? [])]
  const machine = tourMachine.provide({
    actors: {
      prepare: fromPromise(async ({ input }) => {
        calls.prepared.push(input.route)
        if (options.prepareFails) throw new Error('offline')
        return { stepCount: options.stepCount ?? 3 }
      }),
      confirmClose: fromPromise(async () => {
        calls.questions++
        return confirmations.shift() ?? false
      }),
      recordSeen: fromPromise(async ({ input }) => {
        calls.recorded.push(input)
        if (options.recordFails) throw new Error('offline')
        return { ...user, driver_tour: { [input.route]: true } }
      }),
    },
    actions: {
      scrollToTop: () => void calls.scrolls++,
      showStep: (_, { index }) => void calls.shown.push(index),
      hideTour: () => void calls.hidden++,
      seen: (_, { user }) => void calls.seen.push(user),
      recordFailed: () => void calls.recordFailed++,
    },
  })
  const actor = createActor(machine, { input: { route: 'dashboard', userId: user.id } }).start()
  return { actor, calls }
}

/** Lets the promise actors answer. */
const settle = () => vi.advanceTimersByTimeAsync(0)

/** Past the start delay and the scroll delay: the first step is on screen. */
async function shown(actor: ReturnType<typeof start>['actor']) {
  await vi.advanceTimersByTimeAsync(TOUR_START_DELAY_MS + TOUR_SCROLL_DELAY_MS)
  expect(actor.getSnapshot().matches({ showing: 'step' })).toBe(true)
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('tourMachine', () => {
  it('waits 1 s after the route is shown, scrolls to the top and shows the first step 10 ms later (SPEC §9)', async () => {
    const { actor, calls } = start()
    await vi.advanceTimersByTimeAsync(TOUR_START_DELAY_MS - 1)
    expect(calls.prepared).toEqual([])
    expect(actor.getSnapshot().value).toBe('waiting')
    await vi.advanceTimersByTimeAsync(1)
    expect(calls.prepared).toEqual(['dashboard'])
    await settle()
    expect(calls.scrolls).toBe(1)
    expect(calls.shown).toEqual([])
    await vi.advanceTimersByTimeAsync(TOUR_SCROLL_DELAY_MS)
    expect(calls.shown).toEqual([0])
    expect(actor.getSnapshot().context).toMatchObject({ index: 0, stepCount: 3 })
  })

  it('goes forward and back; previous does nothing on the first step', async () => {
    const { actor, calls } = start()
    await shown(actor)
    actor.send({ type: 'tour.previous' })
    actor.send({ type: 'tour.next' })
    actor.send({ type: 'tour.next' })
    actor.send({ type: 'tour.previous' })
    expect(calls.shown).toEqual([0, 1, 2, 1])
    expect(actor.getSnapshot().context.index).toBe(1)
    expect(calls.recorded).toEqual([])
  })

  it('"Concluir" on the last step records the route, hides the tour and hands the session the answered user', async () => {
    const { actor, calls } = start()
    await shown(actor)
    actor.send({ type: 'tour.next' })
    actor.send({ type: 'tour.next' })
    actor.send({ type: 'tour.next' })
    expect(calls.hidden).toBe(1)
    await settle()
    expect(calls.recorded).toEqual([{ route: 'dashboard', userId: user.id }])
    expect(calls.seen.map((seen) => seen.driver_tour)).toEqual([{ dashboard: true }])
    expect(calls.questions).toBe(0)
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().context.closedEarly).toBe(false)
  })

  it('closing on the last step (Esc, ×) finishes without asking', async () => {
    const { actor, calls } = start({ stepCount: 1 })
    await shown(actor)
    actor.send({ type: 'tour.close' })
    await settle()
    expect(calls.questions).toBe(0)
    expect(calls.recorded).toHaveLength(1)
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('closing early asks "Fechar tour?": no keeps the same step, yes records the route', async () => {
    const { actor, calls } = start({ confirmations: [false, true] })
    await shown(actor)
    actor.send({ type: 'tour.next' })
    actor.send({ type: 'tour.close' })
    expect(actor.getSnapshot().matches({ showing: 'confirmingClose' })).toBe(true)
    // The question is open: the keys that move the tour wait for its answer.
    actor.send({ type: 'tour.next' })
    await settle()
    expect(actor.getSnapshot().matches({ showing: 'step' })).toBe(true)
    expect(actor.getSnapshot().context.index).toBe(1)
    expect(calls.shown).toEqual([0, 1])
    expect(calls.hidden).toBe(0)
    expect(calls.recorded).toEqual([])

    actor.send({ type: 'tour.close' })
    await settle()
    expect(calls.questions).toBe(2)
    expect(calls.hidden).toBe(1)
    expect(calls.recorded).toEqual([{ route: 'dashboard', userId: user.id }])
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().context.closedEarly).toBe(true)
  })

  it('leaving the route before it shows, or while it shows, cancels without recording', async () => {
    const early = start()
    await vi.advanceTimersByTimeAsync(TOUR_START_DELAY_MS / 2)
    early.actor.send({ type: 'tour.cancel' })
    await vi.advanceTimersByTimeAsync(TOUR_START_DELAY_MS * 2)
    expect(early.calls.prepared).toEqual([])
    expect(early.actor.getSnapshot().status).toBe('done')
    expect(early.actor.getSnapshot().value).toBe('cancelled')

    const later = start()
    await shown(later.actor)
    later.actor.send({ type: 'tour.cancel' })
    expect(later.calls.hidden).toBe(1)
    expect(later.calls.recorded).toEqual([])
    expect(later.actor.getSnapshot().value).toBe('cancelled')
  })

  it('a tour already closed is recorded even if the route is left meanwhile', async () => {
    const { actor, calls } = start({ stepCount: 1 })
    await shown(actor)
    actor.send({ type: 'tour.next' })
    actor.send({ type: 'tour.cancel' })
    await settle()
    expect(calls.recorded).toHaveLength(1)
    expect(calls.seen).toHaveLength(1)
    expect(actor.getSnapshot().value).toBe('done')
  })

  it('a record that fails is remembered for this visit only', async () => {
    const { actor, calls } = start({ stepCount: 1, recordFails: true })
    await shown(actor)
    actor.send({ type: 'tour.next' })
    await settle()
    expect(calls.recordFailed).toBe(1)
    expect(calls.seen).toEqual([])
    expect(actor.getSnapshot().value).toBe('done')
  })

  it('shows nothing and records nothing when the library cannot load or the screen has no steps', async () => {
    for (const options of [{ prepareFails: true }, { stepCount: 0 }]) {
      const { actor, calls } = start(options)
      await vi.advanceTimersByTimeAsync(TOUR_START_DELAY_MS + TOUR_SCROLL_DELAY_MS)
      expect(actor.getSnapshot().value).toBe('failed')
      expect(calls.shown).toEqual([])
      expect(calls.recorded).toEqual([])
    }
  })
})
