import type { ErrorComponentProps } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useEffect } from 'react'

/** Never a blank page: a screen that throws shows a Portuguese message and a way out. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation('common')
  // The monitoring rules load with the error, not with every first screen.
  useEffect(() => void import('../monitoring.ts').then(({ reportError }) => reportError(error)), [error])
  return (
    <div className="route-error" role="alert">
      <h1>{t('errors.title')}</h1>
      <p>{t('errors.generic')}</p>
      <div className="route-error__actions">
        <button type="button" className="ui-button ui-button--primary" onClick={reset}>
          {t('errors.retry')}
        </button>
        <button type="button" className="ui-button ui-button--secondary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
      </div>
    </div>
  )
}
