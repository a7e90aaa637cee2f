import { useTranslation } from 'react-i18next'

/** The request id a server failure carried (ApiError's `requestId`), if any. */
function requestIdOf(error: unknown): string | null {
  const id = typeof error === 'object' && error !== null ? (error as { requestId?: unknown }).requestId : null
  return typeof id === 'string' && id !== '' ? id : null
}

/**
 * "Código do erro: …" under a server failure's message: the id of the request that failed, so
 * a student who tells the school "deu erro" can quote it and staff find it in the logs. Nothing
 * for other errors (offline, a refusal the message already explains).
 */
export function ErrorCode({ error }: { error: unknown }) {
  const { t } = useTranslation('ui')
  const id = requestIdOf(error)
  if (!id) return null
  // A space first, so the message and the code read apart when the text is taken whole.
  return (
    <span className="ui-error-code">
      {' '}
      {t('errorCode')} <code>{id}</code>
    </span>
  )
}
