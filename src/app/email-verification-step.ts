import { ApiError, ContractError } from '../lib/client.ts'
import { getStoredItem, removeStoredItem } from '../lib/local-store.ts'
import { emailVerificationOutcome } from './email-verification.ts'

/**
 * SPEC §4: before the user is loaded (after login, or on a start with a session), a kept
 * confirmation token is sent (`send`: POST /users/verify-email/). An answer, yes or no, uses
 * it up; without an answer (offline) it stays for the next load; a 401 ends the session,
 * whose wipe removes it.
 */
export async function verifyPendingEmail(send: (token: string) => Promise<unknown>): Promise<void> {
  const token = getStoredItem('emailVerificationToken')
  if (!token) return
  try {
    await send(token)
    emailVerificationOutcome.set({ verified: true })
  } catch (error) {
    const answered = (error instanceof ApiError && error.status !== 401) || error instanceof ContractError
    if (!answered) return
    emailVerificationOutcome.set({ verified: false, message: error.message })
  }
  removeStoredItem('emailVerificationToken')
}
