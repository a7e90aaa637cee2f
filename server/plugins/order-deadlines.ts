import fp from 'fastify-plugin'
import { cancelExpiredOrders } from '../orders/lifecycle.ts'

declare module 'fastify' {
  interface FastifyInstance {
    orderDeadlines: OrderDeadlines
  }
}

export interface OrderDeadlines {
  /** Cancels what is due now (or at `now`, tests moving the clock); the ids cancelled. */
  sweep(now?: Date): Promise<number[]>
}

export interface OrderDeadlinesOptions {
  /** How often the sweep runs besides the one at start. */
  intervalMs?: number
}

/**
 * The 7-day cancellation of unpaid orders (SPEC §9, D11, P146): a sweep at start and then
 * every minute. The deadline is read from each order's `created_at`, so nothing is lost to
 * a restart and nothing is cancelled twice (server/orders/lifecycle.ts).
 */
export default fp<OrderDeadlinesOptions>(
  async (app, options) => {
    const intervalMs = options.intervalMs ?? 60_000
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
          timer = setTimeout(tick, intervalMs)
        })
    }

    app.decorate('orderDeadlines', { sweep } satisfies OrderDeadlines)
    app.addHook('onReady', async () => tick())
    // Before the database closes (onClose runs in reverse registration order).
    app.addHook('onClose', async () => {
      clearTimeout(timer)
      await running
      clearTimeout(timer)
    })
  },
  { name: 'order-deadlines', dependencies: ['db'], fastify: '5.x' },
)
