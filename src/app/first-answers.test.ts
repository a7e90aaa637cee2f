import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { firstAnswers } from './first-answers.ts'

afterEach(() => vi.useRealTimers())

describe('firstAnswers', () => {
  it('resolves once every query started has its first answer, before the sync behind it ends', async () => {
    const client = new QueryClient()
    let answer = (_: string) => {}
    let endSync = () => {}
    void client.prefetchQuery({
      queryKey: ['shown'],
      queryFn: ({ client: cache }) =>
        new Promise<string>((resolve) => {
          // The sync shows its answer, then stores it: the query is still fetching.
          answer = (value) => cache.setQueryData(['shown'], value)
          endSync = () => resolve('stored')
        }),
    })
    let done = false
    const waiting = firstAnswers(client, 60_000).then(() => (done = true))
    await Promise.resolve()
    expect(done).toBe(false)
    answer('on screen')
    await waiting
    expect(client.getQueryData(['shown'])).toBe('on screen')
    endSync()
  })

  it('resolves after its limit when an answer does not come, and at once when nothing waits', async () => {
    vi.useFakeTimers()
    const client = new QueryClient()
    void client.prefetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<never>(() => {}) })
    let done = false
    void firstAnswers(client, 1_000).then(() => (done = true))
    await vi.advanceTimersByTimeAsync(999)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
    await expect(firstAnswers(new QueryClient(), 1_000)).resolves.toBeUndefined()
  })
})
