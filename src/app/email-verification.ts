import { setStoredItem } from '../lib/local-store.ts'

/**
 * E-mail confirmation (SPEC §4). The link of the e-mail opens `/login/main?token_email=…`;
 * the token is kept on the device (`cpf_email_verification_token`) and sent with the next
 * user load (./email-verification-step.ts), after login or, already logged in, at once. Then
 * it goes, the user loads with the e-mail confirmed and the dashboard says how it went.
 * This module is part of the first screen's code: it imports no contract client.
 */
export const EMAIL_TOKEN_PARAMETER = 'token_email'

/**
 * Keeps the token of a confirmation link and takes it out of the address bar (and history).
 * Without a window (the build's pre-render, unit tests) there is no link.
 */
export function captureEmailVerificationToken(
  page: Pick<Window, 'location' | 'history'> | undefined = typeof window === 'undefined' ? undefined : window,
): void {
  if (!page) return
  const url = new URL(page.location.href)
  const token = url.searchParams.get(EMAIL_TOKEN_PARAMETER)
  if (!token) return
  setStoredItem('emailVerificationToken', token)
  url.searchParams.delete(EMAIL_TOKEN_PARAMETER)
  page.history.replaceState(page.history.state, '', `${url.pathname}${url.search}${url.hash}`)
}

export type EmailVerificationOutcome = { verified: true } | { verified: false; message: string }

let outcome: EmailVerificationOutcome | null = null
const listeners = new Set<() => void>()

/** The result of the last confirmation, until dismissed (for useSyncExternalStore). */
export const emailVerificationOutcome = {
  get: (): EmailVerificationOutcome | null => outcome,
  set(next: EmailVerificationOutcome | null): void {
    outcome = next
    for (const listener of listeners) listener()
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  dismiss: () => emailVerificationOutcome.set(null),
}
