// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIRST_RETRY_MS, loadWhenOnline, LONGEST_RETRY_MS } from './load-when-online.ts'

/** A loader that fails `failures` times, then answers 'loaded'; `calls` counts the attempts. */
function flakyLoader(failures: number) {
  const loader = {
    calls: 0,
    load: () => {
      loader.calls += 1
      return loader.calls <= failures
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve('loaded')
    },
  }
  return loader
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
}

describe('loadWhenOnline', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('offline: waits for the online event, however long, then loads', async () => {
    setOnline(false)
    const loader = flakyLoader(1)
    const loaded = loadWhenOnline(loader.load)
    await vi.advanceTimersByTimeAsync(LONGEST_RETRY_MS * 3)
    expect(loader.calls).toBe(1)
    setOnline(true)
    window.dispatchEvent(new Event('online'))
    await expect(loaded).resolves.toBe('loaded')
    expect(loader.calls).toBe(2)
  })

  it('a browser that believes it is online (no online event will come) tries again after 5 s, then twice as long each time', async () => {
    setOnline(true)
    const loader = flakyLoader(3)
    const loaded = loadWhenOnline(loader.load)
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS - 1)
    expect(loader.calls).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(loader.calls).toBe(2)
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS * 2 - 1)
    expect(loader.calls).toBe(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(loader.calls).toBe(3)
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS * 4)
    await expect(loaded).resolves.toBe('loaded')
    expect(loader.calls).toBe(4)
  })

  it('the wait between attempts stops growing at 5 minutes', async () => {
    setOnline(true)
    const loader = flakyLoader(20)
    void loadWhenOnline(loader.load)
    // 5 + 10 + … + 160 s, then 5 min each: after 7 attempts the next comes 5 min later.
    await vi.advanceTimersByTimeAsync(315_000)
    expect(loader.calls).toBe(7)
    await vi.advanceTimersByTimeAsync(LONGEST_RETRY_MS - 1)
    expect(loader.calls).toBe(7)
    await vi.advanceTimersByTimeAsync(1)
    expect(loader.calls).toBe(8)
  })

  it('an online event during the wait tries again at once, and only once', async () => {
    setOnline(true)
    const loader = flakyLoader(1)
    const loaded = loadWhenOnline(loader.load)
    await vi.advanceTimersByTimeAsync(1_000)
    window.dispatchEvent(new Event('online'))
    await expect(loaded).resolves.toBe('loaded')
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS * 2)
    expect(loader.calls).toBe(2)
  })
})
