import { QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { reportReachability } from '../lib/reachability.ts'
import { queryClient, retryWhenServerAnswers } from './query-client.ts'

describe('a server that answers again (issue 7)', () => {
  const stops: Array<() => void> = []
  afterEach(() => {
    reportReachability(true)
    for (const stop of stops.splice(0)) stop()
    vi.useRealTimers()
    queryClient.clear()
  })

  it('is probed with a growing pause while it does not answer, and not once it does', async () => {
    vi.useFakeTimers()
    const probe = vi.fn(async () => {})
    stops.push(retryWhenServerAnswers(probe))
    reportReachability(false)
    await vi.advanceTimersByTimeAsync(1_999)
    expect(probe).toHaveBeenCalledTimes(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(probe).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(4_000)
    expect(probe).toHaveBeenCalledTimes(2)
    reportReachability(true)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(probe).toHaveBeenCalledTimes(2)
  })

  it('runs the failed refreshes again the moment it answers', async () => {
    let calls = 0
    const failing = async () => {
      calls++
      if (calls === 1) throw new Error('Não foi possível conectar ao servidor.')
      return 'ok'
    }
    stops.push(retryWhenServerAnswers(async () => {}))
    // A screen showing the query (an active observer), whose refresh failed.
    const screen = new QueryObserver(queryClient, { queryKey: ['offline', 'teste'], queryFn: failing, retry: false })
    const stop = screen.subscribe(() => {})
    await vi.waitFor(() => expect(screen.getCurrentResult().status).toBe('error'))
    reportReachability(false)
    reportReachability(true)
    await vi.waitFor(() => expect(screen.getCurrentResult().status).toBe('success'))
    expect(calls).toBe(2)
    stop()
  })
})
