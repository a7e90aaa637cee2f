import { api } from '../api/api.ts'
import { ApiError, ContractError } from '../api/client.ts'
import { contract } from '../api/contract.ts'
import { getStoredEmailVerificationToken, removeStoredEmailVerificationToken, storeEmailVerificationToken } from '../api/local-store.ts'

/**
 * E-mail confirmation (SPEC §4, P65). The link of the e-mail opens `/login/main?token_email=…`;
 * the token is kept on the device (`cpf_email_verification_token`) and sent with the next
 * user load, after login or, already logged in, at once. Then it goes, the user loads with
 * the e-mail confirmed and the dashboard says how it went.
 */
export const EMAIL_TOKEN_PARAMETER = 'token_email'

/** Keeps the token of a confirmation link and takes it out of the address bar (and history). */
export function captureEmailVerificationToken(location: Pick<Location, 'href'> = window.location, history: History = window.history): void {
  const url = new URL(location.href)
  const token = url.searchParams.get(EMAIL_TOKEN_PARAMETER)
  if (!token) return
  storeEmailVerificationToken(token)
  url.searchParams.delete(EMAIL_TOKEN_PARAMETER)
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`)
}

export type EmailVerificationOutcome = { verified: true } | { verified: false; message: string }

let outcome: EmailVerificationOutcome | null = null
const listeners = new Set<() => void>()

function setOutcome(next: EmailVerificationOutcome | null): void {
  outcome = next
  for (const listener of listeners) listener()
}

/** The result of the last confirmation, until dismissed (for useSyncExternalStore). */
export const emailVerificationOutcome = {
  get: (): EmailVerificationOutcome | null => outcome,
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  dismiss: () => setOutcome(null),
}

const sendToken = (token: string) => api.call(contract.verifyEmail, { body: { token_email: token } })

/**
 * Sends a kept token, if any, before the user is loaded (SPEC §4). An answer, yes or no,
 * uses it up; without an answer (offline) it stays for the next load; a 401 ends the
 * session, whose wipe removes it.
 */
export async function verifyPendingEmail(send: (token: string) => Promise<unknown> = sendToken): Promise<void> {
  const token = getStoredEmailVerificationToken()
  if (!token) return
  try {
    await send(token)
    setOutcome({ verified: true })
  } catch (error) {
    const answered = (error instanceof ApiError && error.status !== 401) || error instanceof ContractError
    if (!answered) return
    setOutcome({ verified: false, message: error.message })
  }
  removeStoredEmailVerificationToken()
}
