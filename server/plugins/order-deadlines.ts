import fp from 'fastify-plugin'
import { cancelExpiredOrders } from '../areas/orders/lifecycle.ts'

declare module 'fastify' {
  interface FastifyInstance {
    orderDeadlines: OrderDeadlines
  }
}

export interface OrderDeadlines {
  /** Cancels what is due now (or at `now`, tests moving the clock); the ids cancelled. */
  sweep(now?: Date): Promise<number[]>
}

/** How often the sweep runs besides the one at start. */
const SWEEP_EVERY_MS = 60_000

/**
 * The 7-day cancellation of unpaid orders (SPEC §9, D11): a sweep at start and then
 * every minute. The deadline is read from each order's `created_at`, so nothing is lost to
 * a restart and nothing is cancelled twice (server/areas/orders/lifecycle.ts).
 */
export default fp(
  async (app) => {
    let stopped = false
    let timer: NodeJS.Timeout | undefined
    let running: Promise<unknown> = Promise.resolve()

    async function sweep(now?: Date): Promise<number[]> {
      const cancelled = await cancelExpiredOrders(app.db.orm, now)
      if (cancelled.length > 0) app.log.info({ orders: cancelled }, 'unpaid orders cancelled after 7 days')
      return cancelled
    }
    function tick() {
      running = sweep()
        .catch((error: unknown) => app.log.error({ err: error }, 'order deadline sweep failed'))
        .finally(() => {
          if (!stopped) timer = setTimeout(tick, SWEEP_EVERY_MS)
        })
    }

    app.decorate('orderDeadlines', { sweep } satisfies OrderDeadlines)
    app.addHook('onReady', async () => tick())
    // Before the database closes (onClose runs in reverse registration order).
    app.addHook('onClose', async () => {
      stopped = true
      clearTimeout(timer)
      await running
    })
  },
  { name: 'order-deadlines', dependencies: ['db'], fastify: '5.x' },
)
