import { api } from '../lib/api.ts'
import { ApiError } from '../lib/client.ts'
import { sessionEndpoints } from '../contract/endpoints/sessions.ts'
import { sendPendingLogouts, type LogoutOutcome } from './pending-logouts.ts'

/**
 * `POST /logout/` with a queued session's own token. Any answer of the server ends
 * the matter (a 401: that session had ended already); a 5xx or no answer is tried again.
 */
async function sendLogout(token: string): Promise<LogoutOutcome> {
  try {
    await api.call(sessionEndpoints.logout, { token })
    return 'done'
  } catch (error) {
    return error instanceof ApiError && error.status < 500 ? 'done' : 'retry'
  }
}

export function sendQueuedLogouts(): Promise<void> {
  return sendPendingLogouts(sendLogout)
}
