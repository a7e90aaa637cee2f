import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundWork
  }
}

export interface BackgroundWork {
  /**
   * Runs `task` after the current answer, in this process: its time and outcome
   * never show in the answer. A failure is logged under `name`, never with the task's data.
   */
  run(name: string, task: () => Promise<void>): void
  /** Resolves once every task started so far has finished (tests; shutdown). */
  idle(): Promise<void>
}

/**
 * Work done after the answer: sending the e-mail of a password recovery, so whether the
 * address exists cannot be read from the time the answer took. Shutting down waits for it.
 */
export default fp(
  async (app) => {
    const running = new Set<Promise<void>>()
    const background: BackgroundWork = {
      run(name, task) {
        const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
          .then(task)
          .catch((error: unknown) => app.log.error({ err: error, task: name }, 'background task failed'))
          .finally(() => running.delete(done))
        running.add(done)
      },
      async idle() {
        while (running.size > 0) await Promise.all([...running])
      },
    }
    app.decorate('background', background)
    // Before the database closes (onClose runs in reverse registration order).
    app.addHook('onClose', () => background.idle())
  },
  { name: 'background', dependencies: ['db'], fastify: '5.x' },
)
