import { CONTROL_CHARACTERS_MESSAGE } from '../../src/contract/schemas/common.ts'
import type { ValidationIssue } from './errors.ts'

/**
 * The text floor every request meets before its handler runs (issue 36 item 4):
 * contractRoute runs it over each part of the request (path, query, declared headers,
 * body; a multipart body's text fields) as received, before any schema (its 422 then
 * carries only these issues), and again over what the schemas made of them (a JSON text
 * field's inner strings). A string is refused, with a 422 naming it, when
 * it holds
 *
 * - a lone surrogate (`"\ud800"` in JSON): not text; PostgreSQL refuses it (a 500 before);
 * - U+FFFD, the replacement character every decoder on the way (JSON, form, multipart)
 *   puts where the bytes were not UTF-8: after decoding it cannot be told apart from one
 *   typed, and nobody types it, so a string with one is taken for invalid UTF-8;
 * - a control character no field takes: C0 other than tab and line breaks, and DEL. Whether
 *   tab and line breaks are allowed is the field's kind, declared by its schema: `Text`
 *   (one line) refuses them, `MultilineText` takes them (src/contract/schemas/common.ts).
 *
 * Object keys are judged like values. At most MAX_ISSUES issues are reported.
 */

export const INVALID_TEXT_MESSAGE = 'Este campo contém caracteres inválidos: envie texto em UTF-8.'

export const MAX_ISSUES = 20

/** The `type` of each issue this check reports. */
export const TEXT_ISSUE_TYPES = ['lone_surrogate', 'invalid_utf8', 'control_character'] as const

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** C0 controls but tab, line feed and carriage return; DEL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

/** What is wrong with `text`, or null when it passes. */
export function textProblem(text: string): Pick<ValidationIssue, 'msg' | 'type'> | null {
  if (LONE_SURROGATE.test(text)) return { msg: INVALID_TEXT_MESSAGE, type: 'lone_surrogate' }
  if (text.includes('\uFFFD')) return { msg: INVALID_TEXT_MESSAGE, type: 'invalid_utf8' }
  if (CONTROL.test(text)) return { msg: CONTROL_CHARACTERS_MESSAGE, type: 'control_character' }
  return null
}

/**
 * Every string in `value` (nested objects and arrays, keys included) that `textProblem`
 * refuses, as issues located under `loc`. Iterative: a body nested thousands deep is walked
 * without deep recursion.
 */
export function textIssues(value: unknown, loc: (string | number)[]): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  // Last first, so issues come in document order.
  const pending: [unknown, Place | null][] = [[value, null]]
  while (pending.length > 0 && issues.length < MAX_ISSUES) {
    const [item, at] = pending.pop()!
    if (typeof item === 'string') {
      const problem = textProblem(item)
      if (problem) issues.push({ loc: [...loc, ...keysOf(at)], ...problem })
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index--)
        if (mayHoldText(item[index])) pending.push([item[index], { key: index, parent: at }])
    } else if (isPlain(item)) {
      const keys = Object.keys(item)
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index]!
        // A refused key is reported in its value's place, the value left alone.
        const next = textProblem(key) ? key : item[key]
        if (mayHoldText(next)) pending.push([next, { key, parent: at }])
      }
    }
  }
  return issues
}

/** Where a value sits, linked to its parent: a path is built only for an issue (a deep body costs no copies). */
interface Place {
  key: string | number
  parent: Place | null
}

function keysOf(place: Place | null): (string | number)[] {
  const keys: (string | number)[] = []
  for (let at = place; at; at = at.parent) keys.push(at.key)
  return keys.reverse()
}

/** Numbers, booleans and nulls are not walked (a list of 100,000 ids costs no allocation). */
function mayHoldText(value: unknown): boolean {
  return typeof value === 'string' || (typeof value === 'object' && value !== null)
}

/**
 * Parsed JSON, form fields, query strings and path params (fast-querystring's and
 * find-my-way's objects inherit from an empty null-prototype object), schema outputs; not a
 * Date, a Blob or a Buffer.
 */
function isPlain(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object Object]'
}
