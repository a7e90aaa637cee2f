/**
 * The server's `detail` on a 401 for a token whose session was ended (issue 36 item 3):
 * a logout elsewhere, "Encerrar" on another device, a password change or reset. The client
 * shows it on the login screen, where an expired token says "Sua sessão expirou". A module
 * of its own, without valibot: the session machine of every signed-in screen reads it.
 */
export const SESSION_ENDED = 'Sua sessão foi encerrada'

/** Whether a 401's body is the one of an ended session. */
export function isSessionEndedBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { detail?: unknown }).detail === SESSION_ENDED
}
