import { MAX_LIVROS_POR_PEDIDO } from '../../../src/contract/schemas/pre-invoice.ts'

/**
 * D12: the pre-invoice price tables of SPEC §9, keyed by the number of books in the order
 * (1–6). The only place they live: the server prices orders from here and the client only
 * shows what the server answers. Money in integer cents.
 */

const REAIS = 100

/** List price per book (the "de" price), by number of books. */
const LIST_PRICE = [568, 558, 548, 538, 528, 518] as const
/** Price per book paid on time (the order's price: it is paid within SPEC §9's 7 days or cancelled). */
const ON_TIME_PRICE = [451, 441, 431, 421, 411, 401] as const
/** Progressive discount for the whole order; none for a single book. */
const DISCOUNT = [0, 20, 60, 120, 200, 300] as const
/** Most instalments allowed. */
const MAX_INSTALMENTS = [6, 6, 12, 12, 12, 12] as const

export interface InstalmentPlan {
  /** Number of instalments. */
  parcelas: number
  /** Each instalment's amount in cents; the last absorbs the rounding, so they add up to the total. */
  valores: number[]
}

export interface OrderPrice {
  books: number
  /** List price per book, cents. */
  listPrice: number
  /** On-time price per book, cents. */
  onTimePrice: number
  /** Progressive discount for the whole order, cents. */
  discount: number
  /** books × listPrice. */
  listTotal: number
  /** A partnership coupon's percentage (D26), or null without one. */
  couponPercent: number | null
  /** The coupon's discount for the whole order, cents: books × `couponDiscountPerBook` (0 without a coupon). */
  couponDiscount: number
  /** books × onTimePrice − discount − couponDiscount: what the order costs. */
  total: number
  /** total / books: the per-book price an order's item carries (exact for every key). */
  pricePerBook: number
  maxInstalments: number
  /** 1 … maxInstalments instalments of `total`. */
  planos: InstalmentPlan[]
}

export function isBookCount(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_LIVROS_POR_PEDIDO
}

/** `total` split into `parcelas` instalments of whole cents; the last one takes what the division leaves. */
export function splitInstalments(total: number, parcelas: number): number[] {
  if (!Number.isInteger(parcelas) || parcelas < 1) throw new RangeError(`invalid number of instalments: ${parcelas}`)
  const each = Math.floor(total / parcelas)
  return [...Array.from({ length: parcelas - 1 }, () => each), total - each * (parcelas - 1)]
}

/**
 * A partnership coupon takes its percentage off each book's price after D12's
 * progressive discount, rounded to the nearest cent (halves up). D12's per-book prices are
 * whole reais, so for a whole percentage the result is exact; the order's discount is this
 * times the number of books, so the item still carries one per-book price.
 */
export function couponDiscountPerBook(pricePerBook: number, percent: number): number {
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) throw new RangeError(`invalid coupon percentage: ${percent}`)
  return Math.floor((pricePerBook * percent + 50) / 100)
}

/**
 * D12's figures for an order of `n` books (1–6), with a partnership coupon's percentage
 * applied after them when given; throws outside the tables (callers validate first).
 */
export function orderPrice(n: number, couponPercent: number | null = null): OrderPrice {
  if (!isBookCount(n)) throw new RangeError(`no price for ${n} books`)
  const i = n - 1
  const listPrice = LIST_PRICE[i]! * REAIS
  const onTimePrice = ON_TIME_PRICE[i]! * REAIS
  const discount = DISCOUNT[i]! * REAIS
  const beforeCoupon = n * onTimePrice - discount
  // Every discount of the table is a whole number of reais per book (10 × (n − 1)), so the
  // order's items can carry it without a line of their own; prices.test.ts keeps it so.
  if (beforeCoupon % n !== 0) throw new Error(`the discount for ${n} books does not split evenly per book`)
  const couponDiscount = couponPercent === null ? 0 : n * couponDiscountPerBook(beforeCoupon / n, couponPercent)
  const total = beforeCoupon - couponDiscount
  const maxInstalments = MAX_INSTALMENTS[i]!
  return {
    books: n,
    listPrice,
    onTimePrice,
    discount,
    listTotal: n * listPrice,
    couponPercent,
    couponDiscount,
    total,
    pricePerBook: total / n,
    maxInstalments,
    planos: Array.from({ length: maxInstalments }, (_, k) => ({ parcelas: k + 1, valores: splitInstalments(total, k + 1) })),
  }
}
