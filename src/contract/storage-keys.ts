/**
 * The keys SPEC §3 keeps on the device ("Stored locally"). Everything the browser keeps
 * about a session goes through here so logout can wipe it in one place. Apart from
 * local-store.ts, which uses the DOM's storage: the shell's head script, built where there
 * is no DOM (the server, the worker), names the same keys.
 */
export const STORAGE_KEYS = {
  token: 'token',
  emailVerificationToken: 'cpf_email_verification_token',
  bookInfo: 'bookInfo',
  pushSubscriptionAuth: 'push_subscription_auth',
  /** A half-filled registration update: personal data, so logout wipes it with the rest. */
  registrationDraft: 'registration_update_draft',
  /** A half-filled KNN Orlando / London request: personal data (passport, guardian), wiped at logout. */
  knnUsaDraft: 'knn_usa_request_draft',
  /** The signed-in user as the server last answered it, read before the first render. */
  keptUser: 'portal-kept-user',
  /**
   * The ETags of the answers the device database holds, per sync (issue 37): read before the
   * database has loaded, so a screen's conditional request does not wait for it. A hint only:
   * the database stays the truth (a stale hint costs one more request, never wrong data).
   */
  etagHints: 'portal-etag-hints',
  /** Where older builds kept that user, before it had a key of its own (a TanStack Query cache); read once, then wiped with the rest. */
  legacyQueryCache: 'portal-query-cache',
} as const
