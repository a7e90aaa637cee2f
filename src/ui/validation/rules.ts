/**
 * Field validation rules with the default Portuguese messages of SPEC §5. Each rule is a
 * test over `unknown` so it fits any field value (text, number, list of choices); messages
 * are looked up in the `validation` namespace when a value fails, so they follow the
 * active language. No valibot here: the login form validates with these, and the login
 * page loads no valibot; ./schema-rules.ts adds rules to a valibot schema.
 *
 * Conventions:
 * - Only `required()` and `notEmpty()` reject an empty value. Every format rule lets an
 *   empty value pass, so an optional field may stay empty: `[required(), email()]` for a
 *   mandatory e-mail, `[email()]` for an optional one.
 * - "Empty" is null, undefined, false (an unticked mandatory checkbox), a string of only
 *   spaces, or an empty list.
 * - Lengths count characters (code points), as the user sees them.
 * - Every rule takes an optional message to use instead of the default.
 */
import i18next from 'i18next'
import { checkBirthDate } from '../../contract/validation/age.ts'
import { isValidCpf } from '../../contract/validation/cpf.ts'
import type validation from '../../i18n/pt-BR/validation.json'

/** A test a field's value must pass, and the message shown when it does not. */
export interface FieldRule {
  readonly test: (value: unknown) => boolean
  readonly message: () => string
}

type Options = Record<string, unknown>

/** A message of the `validation` namespace: a key missing from pt-BR/validation.json fails typecheck. */
type MessageKey = keyof typeof validation

function message(key: MessageKey, options: Options = {}, custom?: string): () => string {
  return () => custom ?? i18next.t(key, { ns: 'validation', ...options })
}

function rule(test: (value: unknown) => boolean, message: () => string): FieldRule {
  return { test, message }
}

export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.length === 0
  if (typeof value === 'number') return Number.isNaN(value)
  return false
}

/** The text a format rule checks: strings as they are, numbers as written. */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  return undefined
}

/** A format rule: empty passes; otherwise the value must be text satisfying `test`. */
function formatRule(test: (text: string) => boolean, msg: () => string): FieldRule {
  return rule((value) => {
    if (isEmptyValue(value)) return true
    const text = asText(value)
    return text !== undefined && test(text)
  }, msg)
}

function lengthOf(value: unknown): number | undefined {
  if (Array.isArray(value)) return value.length
  const text = asText(value)
  return text === undefined ? undefined : [...text].length
}

function lengthRule(test: (length: number) => boolean, msg: () => string): FieldRule {
  return rule((value) => {
    if (isEmptyValue(value)) return true
    const length = lengthOf(value)
    return length !== undefined && test(length)
  }, msg)
}

/** "Este campo é obrigatório" */
export function required(customMessage?: string): FieldRule {
  return rule((value) => !isEmptyValue(value), message('required', {}, customMessage))
}

/** "Por favor, escolha pelo menos um valor": a choice (or list of choices) must be made. */
export function notEmpty(customMessage?: string): FieldRule {
  return rule((value) => !isEmptyValue(value), message('notEmpty', {}, customMessage))
}

/** valibot 1.5's `EMAIL_REGEX`, the pattern the contract's schemas check (rules.test.ts keeps them equal). */
export const EMAIL_PATTERN = /^[\w+-]+(?:\.[\w+-]+)*@[\da-zA-Z]+(?:[.-][\da-zA-Z]+)*\.[a-zA-Z]{2,}$/u

/** "Por favor, insira um e-mail válido" (valibot's e-mail pattern). */
export function email(customMessage?: string): FieldRule {
  return formatRule((text) => EMAIL_PATTERN.test(text.trim()), message('email', {}, customMessage))
}

const NUMBER = /^[-+]?\d+(?:[.,]\d+)?$/
const INTEGER = /^[-+]?\d+$/

/** "Este campo só pode conter números": a number, with `.` or `,` as decimal separator. */
export function numeric(customMessage?: string): FieldRule {
  return formatRule((text) => NUMBER.test(text.trim()), message('number', {}, customMessage))
}

/** "Este campo só pode conter valores inteiros" */
export function integer(customMessage?: string): FieldRule {
  return formatRule((text) => INTEGER.test(text.trim()), message('integer', {}, customMessage))
}

/** "Você deve inserir no máximo {n} caracteres" (also caps the number of chosen items). */
export function maxLength(max: number, customMessage?: string): FieldRule {
  return lengthRule((n) => n <= max, message('maxLength', { count: max }, customMessage))
}

/** "Você deve inserir no mínimo {n} caracteres" */
export function minLength(min: number, customMessage?: string): FieldRule {
  return lengthRule((n) => n >= min, message('minLength', { count: min }, customMessage))
}

/** "O comprimento do campo inserido é inválido": exactly `length` characters. */
export function exactLength(length: number, customMessage?: string): FieldRule {
  return lengthRule((n) => n === length, message('exactLength', {}, customMessage))
}

/** "Formato inválido" unless the whole text matches `re` (anchor it yourself). */
export function pattern(re: RegExp, customMessage?: string): FieldRule {
  // A fresh copy so a global/sticky regex's lastIndex never leaks between calls.
  const copy = new RegExp(re.source, re.flags.replace(/[gy]/g, ''))
  return formatRule((text) => copy.test(text), message('pattern', {}, customMessage))
}

/** No lowercase letters (accented ones included); digits, spaces and signs are allowed. */
export function capitalLettersOnly(customMessage?: string): FieldRule {
  return formatRule((text) => !/\p{Ll}/u.test(text), message('capitalLettersOnly', {}, customMessage))
}

/** Rejects text containing any of `characters` (a string of characters or a list). */
export function excludeCharacters(characters: string | readonly string[], customMessage?: string): FieldRule {
  const list = typeof characters === 'string' ? [...characters] : [...characters]
  return formatRule(
    (text) => !list.some((c) => text.includes(c)),
    message('excludeCharacters', { characters: list.join(' ') }, customMessage),
  )
}

/** A CPF with valid check digits (plain or masked). */
export function cpf(customMessage?: string): FieldRule {
  return formatRule(isValidCpf, message('cpf', {}, customMessage))
}

/** A real YYYY-MM-DD date that is not in the future (see age.ts). */
export function birthDate(customMessage?: string): FieldRule {
  return formatRule((text) => checkBirthDate(text).valid, message('birthDate', {}, customMessage))
}

/** The message of the first rule `value` breaks, or undefined when it passes them all. */
export function validateField(value: unknown, rules: readonly FieldRule[]): string | undefined {
  return rules.find((r) => !r.test(value))?.message()
}

/** First error per field for a whole form: `{ email: 'Por favor, …' }`, passing fields omitted. */
export function validateForm<T extends Record<string, unknown>>(
  values: T,
  rules: { readonly [K in keyof T]?: readonly FieldRule[] },
): Partial<Record<keyof T, string>> {
  const errors: Partial<Record<keyof T, string>> = {}
  for (const key of Object.keys(rules) as (keyof T)[]) {
    const error = validateField(values[key], rules[key] ?? [])
    if (error !== undefined) errors[key] = error
  }
  return errors
}
