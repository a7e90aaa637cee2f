/**
 * The staff queues' shared shape: the club's reward orders, the orders to fulfil and the
 * overseas-study requests are each a page of rows, how many wait in each status, and a
 * move from the status the manager saw to the next, checked on the row locked for it. The
 * queries stay in each area's repository (their tables differ); these are the rules they
 * share, so the three answer and refuse alike.
 */

/**
 * Every status of a queue with how many rows wait in it, in the queue's own order and with
 * 0 where none wait: the filter's labels read "Aprovado (0)" rather than miss a status.
 */
export function countsByStatus<S>(
  statuses: readonly S[],
  counted: readonly { status: unknown; n: number | string }[],
): { status: S; total: number }[] {
  // `status: unknown`: a queue may count a column wider than its own statuses (an order's status).
  const byStatus = new Map(counted.map((row) => [row.status, Number(row.n)]))
  return statuses.map((status) => ({ status, total: byStatus.get(status) ?? 0 }))
}

/** How many rows the filter shows: those of the statuses it lets through (every one when none). */
export function totalShown<S>(porStatus: readonly { status: S; total: number }[], shown: readonly S[] | undefined): number {
  return porStatus.filter((row) => shown === undefined || shown.includes(row.status)).reduce((sum, row) => sum + row.total, 0)
}

/**
 * How to read a page of `limit` rows from `offset` in a queue of `total`: a page in the second
 * half is read from the queue's end, the order reversed and the rows turned back after, so the
 * last page costs what the first does on an index in the queue's order (an offset walks every
 * row before it: 300,000 waiting orders took 200 ms to reach the last page, issue 39).
 */
export function pageFromNearerEnd({ limit, offset, total }: { limit: number; offset: number; total: number }): {
  reversed: boolean
  limit: number
  offset: number
} {
  if (offset >= total || offset + limit / 2 <= total / 2) return { reversed: false, limit, offset }
  return { reversed: true, limit: Math.min(limit, total - offset), offset: Math.max(0, total - offset - limit) }
}

export type StaffMoveRefusal<S> =
  | { kind: 'notFound' }
  /** Not where the manager saw it: another manager moved it first (of two at once, the second). */
  | { kind: 'stale'; current: S }
  /** From where it is, the queue does not go where asked (a skip, or no move at all). */
  | { kind: 'forbidden'; current: S }

/**
 * Why a manager's move cannot happen, read from the row just locked for it (`for update`,
 * held until the commit, so the check and the write see the same row); undefined when it
 * may go ahead. `seen` is the status the manager's screen showed. A row that is not there
 * is the caller's `notFound`, before this.
 */
export function refuseStaffMove<S>(row: { status: S }, seen: S, allowed: (current: S) => boolean): StaffMoveRefusal<S> | undefined {
  if (row.status !== seen) return { kind: 'stale', current: row.status }
  if (!allowed(row.status)) return { kind: 'forbidden', current: row.status }
  return undefined
}
