import { hash, verify } from '@node-rs/argon2'

/**
 * Password hashing (D10): argon2id with the library's defaults (19 MiB, t=2, p=1, the
 * OWASP baseline). The algorithm is the library default; a test checks the `$argon2id$`
 * prefix because the enum that names it is a `const enum` we cannot import.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await equaliseTiming(password)
    return false
  }
  try {
    return await verify(passwordHash, password)
  } catch {
    // A malformed stored hash must read as "wrong password", never as a 500.
    return false
  }
}

let dummyHash: Promise<string> | undefined

/**
 * Spends the time of one verification when there is no account (or no password) to check,
 * so the response time does not tell whether an identifier exists.
 */
export async function equaliseTiming(password: string): Promise<void> {
  dummyHash ??= hash('dummy password for timing only')
  await verify(await dummyHash, password).catch(() => false)
}
