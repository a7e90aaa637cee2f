import { describe, expect, it } from 'vitest'
import { pageFromNearerEnd } from './staff-queue.ts'

describe('pageFromNearerEnd', () => {
  it('reads the first half forward and the second half from the end, the same rows either way', () => {
    const total = 10
    const rows = Array.from({ length: total }, (_, index) => index)
    for (const limit of [1, 3, 4, 10, 20])
      for (let offset = 0; offset <= total + 2; offset++) {
        const read = pageFromNearerEnd({ limit, offset, total })
        const ordered = read.reversed ? [...rows].reverse() : rows
        const got = ordered.slice(read.offset, read.offset + read.limit)
        expect(read.reversed ? got.reverse() : got).toEqual(rows.slice(offset, offset + limit))
      }
  })

  it('reads the last page of a long queue from its end, the first from its start', () => {
    expect(pageFromNearerEnd({ limit: 50, offset: 299_950, total: 300_000 })).toEqual({ reversed: true, limit: 50, offset: 0 })
    expect(pageFromNearerEnd({ limit: 50, offset: 0, total: 300_000 })).toEqual({ reversed: false, limit: 50, offset: 0 })
  })
})
