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
