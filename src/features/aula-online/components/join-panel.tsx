import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AulaOnline } from '../../../contract/schemas/aula-online.ts'
import { Alert } from '../../../ui/alert.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { useEntrarAulaOnline } from '../api/aulas-online.ts'
import { formatClock } from '../../../ui/format.ts'
import { countdownParts, statusAt } from '../schedule.ts'

/** The device's clock, ticking every `everyMs` (null: stopped, nothing on screen changes with time). */
export function useNow(everyMs: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (everyMs === null) return
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}

/**
 * What a student can do about a class now: a countdown before the window, the
 * join link while it is open (a new tab; joining records attendance), why it cannot be used
 * offline, and the attendance once recorded.
 */
export function JoinPanel({ aula, refresh }: { aula: AulaOnline; refresh: () => unknown }) {
  const { t } = useTranslation('aulaOnline')
  const online = useOnlineStatus()
  const entrar = useEntrarAulaOnline()
  // Each second while a countdown shows; an open class only needs to notice its end.
  const [ticking, setTicking] = useState<number | null>(null)
  const now = useNow(ticking)
  const status = statusAt(aula, now)
  useEffect(() => setTicking(status === 'agendada' ? 1000 : status === 'aberta' ? 15_000 : null), [status])
  const needsLink = status === 'aberta' && aula.link === null && online

  // The window opened while the screen was up (or the copy is from before): ask for the link,
  // again at each tick while the server's clock says not yet.
  // (`refresh` is a new function at each render: only the tick decides when to ask.)
  const askedAt = needsLink ? now : 0
  const refreshRef = useRef(refresh)
  useEffect(() => {
    refreshRef.current = refresh
  })
  useEffect(() => {
    if (askedAt) void refreshRef.current()
  }, [askedAt])

  const attendance = aula.presenca_em ? (
    <p className="aula-join__attended" role="status">
      <span aria-hidden="true">✓ </span>
      {t('attendedAt', { time: formatClock(aula.presenca_em) })}
    </p>
  ) : null

  if (status === 'encerrada') {
    return (
      <div className="aula-join">
        <p className="aula-join__note">{t('ended')}</p>
        {attendance ?? <p className="aula-join__note">{t('notAttended')}</p>}
      </div>
    )
  }

  if (status === 'agendada') {
    const { unit, values } = countdownParts(Date.parse(aula.abre_em) - now)
    return (
      <div className="aula-join">
        <p className="aula-join__countdown" role="timer">
          {t('opensIn', { time: t(`countdown.${unit}`, values) })}
        </p>
        <p className="aula-join__note">{t('opensInHint')}</p>
      </div>
    )
  }

  const reason = !online ? t('offlineJoin') : aula.link === null ? t('fetchingLink') : null
  return (
    <div className="aula-join">
      {reason ? (
        <>
          {/* Focusable and described, so a keyboard or screen-reader user learns why it does nothing. */}
          <button
            type="button"
            className="ui-button ui-button--primary aula-join__button"
            aria-disabled="true"
            aria-describedby={`join-reason-${aula.id}`}
          >
            {t('join')}
          </button>
          <p className="aula-join__note" id={`join-reason-${aula.id}`} role="status">
            {reason}
          </p>
        </>
      ) : (
        <a
          className="ui-button ui-button--primary aula-join__button"
          href={aula.link!}
          target="_blank"
          // The meeting page gets no handle on the portal's window (issue 10).
          rel="noopener noreferrer"
          aria-label={t('joinNewTab', { tema: aula.tema })}
          // Attendance is recorded as the tab opens; the first time stays.
          onClick={() => {
            if (!aula.presenca_em) entrar.mutate(aula.id)
          }}
        >
          {t('join')}
        </a>
      )}
      {attendance}
      {entrar.error ? <Alert tone="error">{entrar.error.message}</Alert> : null}
    </div>
  )
}
