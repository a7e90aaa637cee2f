import '../avisos.css'
import { useRouter } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Aviso, Avisos } from '../../../contract/schemas/push.ts'
import { formatDateTime } from '../../../ui/format.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { SkeletonText } from '../../../ui/skeleton.tsx'
import { markAvisoRead, useAvisos } from '../sync.ts'
import { avisoTarget } from '../read-state.ts'

/**
 * /avisos (issue 40 item 13): the pushes sent to the student, newest first, readable
 * offline; opening one goes to its deep link and reads it.
 */
export function AvisosScreen() {
  const { t } = useTranslation('avisos')
  const avisos = useAvisos()
  return (
    <div className="page">
      <h1 className="page__title">{t('title')}</h1>
      <p className="avisos-summary">{t('intro')}</p>
      <OfflineContent {...avisos} emptyText={t('empty')} isEmpty={(value) => value.avisos.length === 0} skeleton={<AvisosSkeleton />}>
        {(value) => <AvisoList avisos={value} />}
      </OfflineContent>
    </div>
  )
}

function AvisoList({ avisos }: { avisos: Avisos }) {
  const { t } = useTranslation('avisos')
  return (
    <div className="stack">
      <p className="avisos-summary" data-testid="avisos-unread">
        {t('unreadCount', { count: avisos.nao_lidos })}
      </p>
      <ul className="avisos-list">
        {avisos.avisos.map((aviso) => (
          <AvisoItem key={aviso.id} aviso={aviso} />
        ))}
      </ul>
    </div>
  )
}

function AvisoItem({ aviso }: { aviso: Aviso }) {
  const { t } = useTranslation('avisos')
  const router = useRouter()
  const target = avisoTarget(aviso.link)
  const unread = aviso.read_at === null
  function open(event: MouseEvent<HTMLAnchorElement>) {
    void markAvisoRead(aviso.id)
    // A new tab or window (modifier keys, middle click) keeps the browser's own way.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void router.navigate({ href: target })
  }
  return (
    <li className={`aviso ${unread ? 'aviso--unread' : 'aviso--read'}`}>
      <div className="aviso__header">
        <h2 className="aviso__title">
          <a className="aviso__link" href={target} onClick={open}>
            {aviso.title}
          </a>
        </h2>
        {unread ? <span className="aviso__new">{t('unread')}</span> : null}
      </div>
      <p className="aviso__body">{aviso.body}</p>
      <p className="aviso__when">
        <time dateTime={aviso.sent_at}>{t('sentAt', { when: formatDateTime(Date.parse(aviso.sent_at)) })}</time>
      </p>
    </li>
  )
}

/** Three notices' layout with bars for their texts: the list's own size while it loads. */
function AvisosSkeleton() {
  return (
    <div className="stack" aria-hidden="true">
      <p className="avisos-summary">
        <SkeletonText width="9rem" />
      </p>
      <ul className="avisos-list">
        {[0, 1, 2].map((key) => (
          <li key={key} className="aviso aviso--read">
            <div className="aviso__header">
              <p className="aviso__title">
                <SkeletonText width="14rem" />
              </p>
            </div>
            <p className="aviso__body">
              <SkeletonText width="90%" />
            </p>
            <p className="aviso__when">
              <SkeletonText width="10rem" />
            </p>
          </li>
        ))}
      </ul>
    </div>
  )
}
