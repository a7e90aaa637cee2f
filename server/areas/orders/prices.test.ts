import { describe, expect, it } from 'vitest'
import { couponDiscountPerBook, isBookCount, orderPrice, splitInstalments } from './prices.ts'

describe('D12 price tables', () => {
  // n, list, on time, discount, list total, total, per book, most instalments (all in cents)
  const expected = [
    [1, 56_800, 45_100, 0, 56_800, 45_100, 45_100, 6],
    [2, 55_800, 44_100, 2_000, 111_600, 86_200, 43_100, 6],
    [3, 54_800, 43_100, 6_000, 164_400, 123_300, 41_100, 12],
    [4, 53_800, 42_100, 12_000, 215_200, 156_400, 39_100, 12],
    [5, 52_800, 41_100, 20_000, 264_000, 185_500, 37_100, 12],
    [6, 51_800, 40_100, 30_000, 310_800, 210_600, 35_100, 12],
  ] as const

  it.each(expected)('prices %i book(s) to the cent', (n, lista, pontual, discount, listTotal, total, porLivro, maxInstalments) => {
    const price = orderPrice(n)
    expect(price).toMatchObject({
      books: n,
      listPrice: lista,
      onTimePrice: pontual,
      discount,
      listTotal,
      total,
      pricePerBook: porLivro,
      maxInstalments,
    })
    // The discount comes off the whole order once; the items at the per-book price add up to it.
    expect(total).toBe(n * pontual - discount)
    expect(n * porLivro).toBe(total)
    expect(price.planos.map((plano) => plano.parcelas)).toEqual(Array.from({ length: maxInstalments }, (_, k) => k + 1))
    for (const plano of price.planos) {
      expect(plano.valores).toHaveLength(plano.parcelas)
      expect(plano.valores.reduce((sum, value) => sum + value, 0)).toBe(total)
      for (const value of plano.valores) expect(Number.isInteger(value)).toBe(true)
    }
  })

  it('lets the last instalment absorb the rounding', () => {
    // 3 books: R$ 1.233,00 in 7 → 6 × 176,14 + 176,16.
    expect(orderPrice(3).planos[6]!.valores).toEqual([17_614, 17_614, 17_614, 17_614, 17_614, 17_614, 17_616])
    expect(orderPrice(1).planos[5]!.valores).toEqual([7_516, 7_516, 7_516, 7_516, 7_516, 7_520])
    expect(orderPrice(6).planos[11]!.valores).toEqual(Array.from({ length: 12 }, () => 17_550))
    expect(splitInstalments(100, 3)).toEqual([33, 33, 34])
  })

  it('has no price outside 1–6 books', () => {
    for (const n of [0, 7, -1, 1.5, Number.NaN]) {
      expect(isBookCount(n)).toBe(false)
      expect(() => orderPrice(n)).toThrow(RangeError)
    }
    expect(() => splitInstalments(100, 0)).toThrow(RangeError)
  })

  it('takes a coupon percentage off each book after the progressive discount', () => {
    // 3 books: R$ 1.233,00, R$ 411,00 each; 10 % off → R$ 369,90 each, R$ 1.109,70 in all.
    const price = orderPrice(3, 10)
    expect(price).toMatchObject({ discount: 6_000, couponPercent: 10, couponDiscount: 12_330, total: 110_970, pricePerBook: 36_990 })
    expect(price.planos[2]!.valores).toEqual([36_990, 36_990, 36_990])
    expect(orderPrice(1, 15)).toMatchObject({ couponDiscount: 6_765, total: 38_335 })
    expect(orderPrice(2)).toMatchObject({ couponPercent: null, couponDiscount: 0, total: 86_200 })
    for (let n = 1; n <= 6; n++) {
      for (const pct of [1, 7, 10, 33, 100]) {
        const p = orderPrice(n, pct)
        expect(p.total + p.couponDiscount).toBe(orderPrice(n).total)
        expect(n * p.pricePerBook).toBe(p.total)
      }
    }
    // Halves round up, to the cent.
    expect(couponDiscountPerBook(12_345, 10)).toBe(1_235)
    expect(couponDiscountPerBook(12_344, 10)).toBe(1_234)
    expect(() => couponDiscountPerBook(45_100, 0)).toThrow(RangeError)
  })
})
