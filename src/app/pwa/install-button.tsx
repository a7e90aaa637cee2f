import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { installController, useInstallState } from './install.ts'

/**
 * "Instalar app" (SPEC §4): shown only while the browser offers an install and the portal
 * is not already running installed; "Agora não" hides it for this page.
 */
export function InstallButton() {
  const { t } = useTranslation('pwa')
  const { canInstall, prompting } = useInstallState()
  const [hidden, setHidden] = useState(false)
  if (!canInstall || hidden) return null

  return (
    <div className="pwa-install">
      <Button variant="secondary" loading={prompting} onClick={() => void installController().promptInstall()}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M12 4v11M7 10l5 5 5-5M5 20h14"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {t('install.action')}
      </Button>
      <button
        type="button"
        className="pwa-install__close"
        aria-label={t('install.dismiss')}
        title={t('install.dismiss')}
        onClick={() => setHidden(true)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  )
}
