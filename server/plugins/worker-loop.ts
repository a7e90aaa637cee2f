/**
 * One background loop per process over a queue in the database (push deliveries, e-mail): a
 * round now when woken (this process just queued work), else every `pollMs` (another process
 * queued it). One round at a time; a wake during a round asks for another after it. `stop`
 * waits for the round in flight, so a plugin calls it before the database closes.
 */
export interface WorkerLoop {
  wake(): void
  /** A round now (after the one in flight), resolved when it is done: tests, the bench. */
  drain(): Promise<void>
  /** Starts polling (the app is ready). */
  start(): void
  stop(): Promise<void>
}

export function workerLoop(options: {
  pollMs: number
  /** One round: runs until nothing is due or `stopped()` says to end. */
  round: (stopped: () => boolean) => Promise<void>
  onError: (error: unknown) => void
}): WorkerLoop {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let current: Promise<void> = Promise.resolve()
  let again = false

  async function rounds(): Promise<void> {
    do {
      again = false
      await options.round(() => stopped)
    } while (again && !stopped)
  }

  function kick(): Promise<void> {
    if (stopped) return current
    clearTimeout(timer)
    current = current
      .then(rounds)
      .catch(options.onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(() => void kick(), options.pollMs)
      })
    return current
  }

  return {
    wake() {
      again = true
      void kick()
    },
    drain: () => kick(),
    start() {
      void kick()
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await current
    },
  }
}
