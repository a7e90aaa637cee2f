import { lazy, Suspense, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { StrokeIcon } from '../../ui/stroke-icon.tsx'
import { installController, useInstallState } from './install.ts'

const loadSteps = () => import('./ios-install-steps.tsx')
const IosInstallSteps = lazy(loadSteps)

/**
 * "Instalar app" (SPEC §4): shown only while the portal can be installed and is not already
 * running installed; "Agora não" hides it for this page. Where the browser has an install
 * dialog it opens it; on an iPhone or iPad, which has none, it shows the steps through the
 * share sheet (issue 40 item 10) as a disclosure: no dialog code for two sentences. The steps
 * are a chunk of their own, fetched as soon as the button shows on an iPhone.
 */
export function InstallButton() {
  const { t } = useTranslation('pwa')
  const { canInstall, manual, prompting } = useInstallState()
  const [hidden, setHidden] = useState(false)
  const [stepsOpen, setStepsOpen] = useState(false)
  const stepsId = useId()
  if (!canInstall || hidden) return null
  if (manual) void loadSteps()

  return (
    <div className="pwa-install-wrap">
      {manual && stepsOpen ? (
        <Suspense fallback={null}>
          <IosInstallSteps id={stepsId} />
        </Suspense>
      ) : null}
      <div className="pwa-install">
        <Button
          variant="secondary"
          loading={prompting}
          aria-expanded={manual ? stepsOpen : undefined}
          aria-controls={manual && stepsOpen ? stepsId : undefined}
          onClick={() => (manual ? setStepsOpen((open) => !open) : void installController().promptInstall())}
        >
          <StrokeIcon d="M12 4v11M7 10l5 5 5-5M5 20h14" size={20} />
          {t('install.action')}
        </Button>
        <button
          type="button"
          className="pwa-install__close"
          aria-label={t('install.dismiss')}
          title={t('install.dismiss')}
          onClick={() => setHidden(true)}
        >
          <StrokeIcon d="M6 6l12 12M18 6L6 18" size={20} />
        </button>
      </div>
    </div>
  )
}
