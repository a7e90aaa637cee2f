import * as v from 'valibot'
// Portuguese validation messages for every schema built from these (issue 8).
import { REQUIRED_MESSAGE } from './messages.ts'

/** Longest password accepted anywhere (new ones are 8–128 characters). */
export const PASSWORD_MAX_LENGTH = 128

// Matching control characters is the point of these two (issue 8 F3).
/* eslint-disable no-control-regex */
/** Control characters (NUL, ESC, DEL…) other than tab and line breaks. */
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
/** Every control character, line breaks included. */
const CONTROL = /[\u0000-\u001F\u007F]/
/* eslint-enable no-control-regex */

export const CONTROL_CHARACTERS_MESSAGE = 'Este campo não pode conter caracteres de controle'

/**
 * A line of text in a request: at most `max` characters and no control characters, so a
 * NUL never reaches PostgreSQL (a 500) and a huge value never reaches an index or a log
 * line (issue 8 F3). Every string of every request schema is a `Text` or `MultilineText`.
 */
export function Text(max: number) {
  return v.pipe(
    v.string(),
    v.maxLength(max),
    v.check((value) => !CONTROL.test(value), CONTROL_CHARACTERS_MESSAGE),
  )
}

/** One line of required text: trimmed, not empty, at most `max` characters. */
export function RequiredText(max: number) {
  return v.pipe(Text(max), v.trim(), v.minLength(1, REQUIRED_MESSAGE))
}

/** Free text that may span lines (messages, descriptions): `Text` with tab and line breaks allowed. */
export function MultilineText(max: number) {
  return v.pipe(
    v.string(),
    v.maxLength(max),
    v.check((value) => !CONTROL_EXCEPT_LINES.test(value), CONTROL_CHARACTERS_MESSAGE),
  )
}

/**
 * `Idempotency-Key` of a write the client may send again from its outbox: the same key
 * means the same write (a UUID the client generates once per write).
 */
export const IdempotencyKeyHeaders = v.object({
  'idempotency-key': v.optional(v.pipe(Text(64), v.regex(/^[A-Za-z0-9_-]{8,64}$/))),
})

/** `Idempotency-Key` required: an upload that always goes through the outbox (D16). */
export const RequiredIdempotencyKeyHeaders = v.object({
  'idempotency-key': v.pipe(Text(64), v.regex(/^[A-Za-z0-9_-]{8,64}$/)),
})

/**
 * The response of a download: the file's bytes, streamed with its stored type and a
 * `Content-Disposition`, read by the client as a Blob. Only errors are JSON.
 */
export const FileDownload = v.blob()

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
  v.union([v.number(), v.pipe(Text(12), v.regex(/^\d{1,12}$/))]),
  v.transform(Number),
  v.integer(),
  v.minValue(1),
)

/** An id in a JSON body, asked or answered: a positive integer that fits the database's `integer` column. */
export const BodyId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))

/** A boolean query flag: `true`/`false` as the client sends it, text on the server. */
export const BooleanQuery = v.pipe(
  v.union([v.boolean(), v.picklist(['true', 'false'])]),
  v.transform((value) => value === true || value === 'true'),
)

/** A non-negative integer query value (limit, offset). */
export const IntQuery = v.pipe(
  v.union([v.number(), v.pipe(Text(9), v.regex(/^\d{1,9}$/))]),
  v.transform(Number),
  v.integer(),
  v.minValue(0),
)

/** The page of a managers' list: at most `max` rows (`limit`) from row `offset`, both optional. */
export function pageQuery(max: number) {
  return {
    limit: v.optional(v.pipe(IntQuery, v.minValue(1), v.maxValue(max))),
    offset: v.optional(v.pipe(IntQuery, v.maxValue(1_000_000))),
  }
}
