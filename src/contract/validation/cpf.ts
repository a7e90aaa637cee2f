/**
 * Brazilian CPF check digits (modulo 11). Accepts digits only or the masked form
 * `###.###.###-##`; anything else (letters, wrong length) is invalid. Sequences of one
 * repeated digit (000.000.000-00 …) pass the arithmetic but are not issued, so they are
 * rejected too.
 */
export function isValidCpf(value: string): boolean {
  if (!/^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/.test(value.trim())) return false
  const digits = [...value.replace(/\D/g, '')].map(Number)
  if (digits.every((d) => d === digits[0])) return false
  return checkDigit(digits, 9) === digits[9] && checkDigit(digits, 10) === digits[10]
}

/** The check digit at position `length` computed from the first `length` digits. */
function checkDigit(digits: readonly number[], length: number): number {
  let sum = 0
  for (let i = 0; i < length; i++) sum += (digits[i] ?? 0) * (length + 1 - i)
  const rest = (sum * 10) % 11
  return rest === 10 ? 0 : rest
}
