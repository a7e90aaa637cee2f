import * as v from 'valibot'

/** FastAPI-style error bodies (D2). */
export const ValidationIssue = v.object({
  loc: v.array(v.union([v.string(), v.number()])),
  msg: v.string(),
  type: v.string(),
})
export const ErrorBody = v.object({
  detail: v.union([v.string(), v.object({ message: v.string() }), v.array(ValidationIssue)]),
})
export type ErrorBody = v.InferOutput<typeof ErrorBody>

/** A simple acknowledgement `{detail}` (as reset-password answers, SPEC §7). */
export const DetailMessage = v.object({ detail: v.string() })

/** ISO-8601 timestamp with zone, e.g. 2026-11-22T01:00:00.000Z. */
export const IsoDateTime = v.pipe(v.string(), v.isoTimestamp())

/** Calendar date without time, e.g. a due date: 2026-11-22. */
export const IsoDate = v.pipe(v.string(), v.isoDate())

/** Money travels as integer cents (D12): R$ 451,00 → 45100. */
export const Cents = v.pipe(v.number(), v.integer(), v.minValue(0))

/**
 * A numeric id in a path or query: the client passes a number, the server receives text;
 * both come out as a positive integer.
 */
export const IdParam = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,12}$/))]),
  v.transform(Number),
  v.integer(),
  v.minValue(1),
)

/** A boolean query flag: `true`/`false` as the client sends it, text on the server. */
export const BooleanQuery = v.pipe(
  v.union([v.boolean(), v.picklist(['true', 'false'])]),
  v.transform((value) => value === true || value === 'true'),
)

/** A non-negative integer query value (limit, offset). */
export const IntQuery = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/))]),
  v.transform(Number),
  v.integer(),
  v.minValue(0),
)
