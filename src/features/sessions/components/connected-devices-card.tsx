import '../sessions.css'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { UserSession } from '../../../contract/schemas/session.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../../ui/card.tsx'
import { formatDateTime } from '../../../ui/format.ts'
import { LoadingStatus } from '../../../ui/skeleton.tsx'
import { userSessionsQueryOptions, useRevokeOtherSessions, useRevokeSession } from '../api.ts'
import { ConnectedDevicesShape } from './connected-devices-skeleton.tsx'

/** This device first, then the others as the server ordered them (most recently seen first). */
function thisDeviceFirst(sessions: UserSession[]): UserSession[] {
  return [...sessions.filter((session) => session.current), ...sessions.filter((session) => !session.current)]
}

function DeviceItem({ session, online }: { session: UserSession; online: boolean }) {
  const { t } = useTranslation('sessions')
  const revoke = useRevokeSession()
  const signedInAt = formatDateTime(new Date(session.created_at))
  return (
    <li className="devices__item">
      <span className="devices__name">
        {session.device}
        {session.current ? <span className="devices__current">{t('thisDevice')}</span> : null}
      </span>
      <span className="devices__detail">
        {t(`brand.${session.brand}`)} · {t('signedInAt', { date: signedInAt })}
      </span>
      <span className="devices__detail">{t('lastSeen', { date: formatDateTime(new Date(session.last_seen_at)) })}</span>
      {revoke.isError ? <Alert tone="error">{revoke.error.message}</Alert> : null}
      {session.current ? null : (
        <div className="devices__actions">
          <Button
            type="button"
            variant="text"
            aria-label={t('endLabel', { device: session.device, date: signedInAt })}
            disabled={!online}
            loading={revoke.isPending}
            onClick={() => revoke.mutate(session.id)}
          >
            {t('end')}
          </Button>
        </div>
      )}
    </li>
  )
}

/**
 * /me "Aparelhos conectados" (issue 36 item 3): where the account is signed in, this
 * device marked, "Encerrar" for each other one and "Sair de todos os outros aparelhos". The
 * honest states of a list: skeleton, offline and never loaded, error with a retry, the
 * list (never empty while this device is signed in, but said if it is).
 */
export function ConnectedDevicesCard({ online }: { online: boolean }) {
  const { t } = useTranslation('sessions')
  const sessions = useQuery(userSessionsQueryOptions())
  const revokeOthers = useRevokeOtherSessions()
  const others = sessions.data?.filter((session) => !session.current).length ?? 0

  function content() {
    if (sessions.data) {
      if (sessions.data.length === 0) return <p>{t('empty')}</p>
      return (
        <div className="stack">
          <p className="devices__intro">{t('intro')}</p>
          <ul className="devices__list" aria-label={t('cardTitle')}>
            {thisDeviceFirst(sessions.data).map((session) => (
              <DeviceItem key={session.id} session={session} online={online} />
            ))}
          </ul>
          {others === 0 ? <p>{t('noOthers')}</p> : null}
          {others > 0 && !online ? <p className="devices__detail">{t('needsConnection')}</p> : null}
          {revokeOthers.isSuccess ? <Alert tone="success">{revokeOthers.data.detail}</Alert> : null}
          {revokeOthers.isError ? <Alert tone="error">{revokeOthers.error.message}</Alert> : null}
          {others > 0 ? (
            <div className="devices__actions">
              <Button
                type="button"
                variant="secondary"
                disabled={!online}
                loading={revokeOthers.isPending}
                onClick={() => revokeOthers.mutate()}
              >
                {t('endOthers')}
              </Button>
            </div>
          ) : null}
        </div>
      )
    }
    if (!online) return <p role="status">{t('offline')}</p>
    if (sessions.isError) {
      return (
        <Alert tone="error">
          <span>{sessions.error.message} </span>
          <Button type="button" variant="text" onClick={() => void sessions.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      )
    }
    return (
      <>
        <LoadingStatus />
        <ConnectedDevicesShape />
      </>
    )
  }

  return (
    <Card title={t('cardTitle')} className="devices">
      {content()}
    </Card>
  )
}
