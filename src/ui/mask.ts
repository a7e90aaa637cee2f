/**
 * Tiny input masks for the shared TextField (SPEC §3 "optional mask").
 *
 * Mask syntax: `#` is one digit; every other character is a literal that is inserted
 * automatically (e.g. `###.###.###-##` for CPF). A list of masks picks the shortest one
 * that holds all typed digits, so `['(##) ####-####', '(##) #####-####']` formats both
 * landlines and mobiles.
 */
export type Mask = string | readonly string[]

/** Common Brazilian masks. */
export const MASKS = {
  cpf: '###.###.###-##',
  cep: '#####-###',
  /** Landline (10 digits) or mobile (11 digits). */
  phone: ['(##) ####-####', '(##) #####-####'],
  mobile: '(##) #####-####',
  date: '##/##/####',
} as const satisfies Record<string, Mask>

const DIGIT = /\d/

function isToken(char: string): boolean {
  return char === '#'
}

function tokenCount(mask: string): number {
  let n = 0
  for (const c of mask) if (isToken(c)) n++
  return n
}

/** Only the characters a `#` token accepts (digits), in order. */
export function unmask(value: string): string {
  return value.replace(/\D+/g, '')
}

/** For a list of masks, the shortest one that fits `digits` (else the longest). */
export function pickMask(mask: Mask, digits: number): string {
  if (typeof mask === 'string') return mask
  const sorted = [...mask].sort((a, b) => tokenCount(a) - tokenCount(b))
  return sorted.find((m) => tokenCount(m) >= digits) ?? sorted.at(-1) ?? ''
}

/**
 * Formats `raw` with `mask`. Characters a token does not accept are skipped, digits beyond
 * the mask are dropped, and literals are only written while there is more input after
 * them (so backspacing over a `-` works and an empty value stays empty).
 *
 * applyMask('###.###.###-##', '12345678909') === '123.456.789-09'
 * applyMask('###.###.###-##', '1234')        === '123.4'
 */
export function applyMask(mask: Mask, raw: string): string {
  const pattern = pickMask(mask, unmask(raw).length)
  const input = [...raw]
  let out = ''
  let pending = '' // literals waiting for the next accepted character
  let i = 0
  for (const m of pattern) {
    if (isToken(m)) {
      while (i < input.length && !DIGIT.test(input[i] ?? '')) i++
      if (i >= input.length) break
      out += pending + input[i]
      pending = ''
      i++
    } else {
      pending += m
      // The user may have typed the literal itself: consume it.
      if (input[i] === m) i++
    }
  }
  return out
}

/** How many digits appear before position `caret` of `text`. */
export function digitsBefore(text: string, caret: number): number {
  return unmask(text.slice(0, caret)).length
}

/**
 * The caret position in `masked` just after its `count`-th digit: used to keep the caret
 * where the user was typing after the value is reformatted.
 */
export function caretAfterDigits(masked: string, count: number): number {
  if (count <= 0) {
    // Skip leading literals such as "(" so typing continues after them.
    const first = masked.search(DIGIT)
    return first === -1 ? masked.length : first
  }
  let seen = 0
  for (let i = 0; i < masked.length; i++) {
    if (DIGIT.test(masked[i] ?? '')) {
      seen++
      if (seen === count) return i + 1
    }
  }
  return masked.length
}
