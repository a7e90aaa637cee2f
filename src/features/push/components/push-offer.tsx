import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../../ui/dock-card.css'
import { Button } from '../../../ui/button.tsx'
import { enablePush } from '../device.ts'
import { pushSupported } from '../status.ts'
import { PROMPT_DELAY_MS, promptSnoozedAt, shouldOfferPush, snoozePrompt } from '../prompt.ts'
import { usePushStatus } from '../use-push-status.ts'

/** driver.js marks the page while a guided tour runs: the offer waits for its end. */
const tourRunning = () => document.body.classList.contains('driver-active')

/**
 * "Receba os avisos da escola": the portal's own explanation before the browser's
 * permission dialog, which only a click on "Ativar notificações" opens. Polite (no focus
 * taken); "Agora não" hides it for 14 days.
 */
export function PushOffer({ userId, ready, busy }: { userId: number; ready: boolean; busy: boolean }) {
  const { t } = useTranslation('push')
  const status = usePushStatus()
  const titleId = useId()
  // Read once: "Agora não" in this tab hides the offer by `dismissed`.
  const [snoozedAt] = useState(promptSnoozedAt)
  const [due, setDue] = useState(false)
  const [dismissed, setDismissed] = useState(false)
  const [working, setWorking] = useState(false)
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const offer = shouldOfferPush({
    status,
    permission: pushSupported() ? Notification.permission : 'unsupported',
    snoozedAt,
    now: Date.now(),
    ready,
    busy,
  })

  // Never on the first paint: after a few seconds on screen, and not over a tour.
  useEffect(() => {
    if (!offer || due) return
    const timer = setInterval(() => {
      if (!tourRunning()) setDue(true)
    }, PROMPT_DELAY_MS)
    return () => clearInterval(timer)
  }, [offer, due])

  // "Ativadas" stays a moment, then the offer goes.
  useEffect(() => {
    if (outcome?.tone !== 'success') return
    const timer = setTimeout(() => setDismissed(true), 5_000)
    return () => clearTimeout(timer)
  }, [outcome])

  if (dismissed || !due || (!offer && outcome === null)) return <div role="status" className="ui-dock-region push-dock-item" />

  async function enable() {
    setWorking(true)
    setOutcome(null)
    try {
      const result = await enablePush(userId)
      setOutcome(result === 'on' ? { tone: 'success', text: t('enabled') } : { tone: 'error', text: t('blocked') })
    } catch (error) {
      setOutcome({ tone: 'error', text: error instanceof Error ? error.message : t('failed') })
    } finally {
      setWorking(false)
    }
  }

  return (
    <div role="status" className="ui-dock-region push-dock-item">
      <section className="ui-dock-card" aria-labelledby={titleId}>
        <div>
          <p id={titleId} className="ui-dock-card__title">
            {t('offerTitle')}
          </p>
          <p className="ui-dock-card__body">{outcome ? outcome.text : t('offerBody')}</p>
        </div>
        <div className="ui-dock-card__actions">
          {outcome?.tone === 'success' ? (
            <Button variant="text" onClick={() => setDismissed(true)}>
              {t('close')}
            </Button>
          ) : (
            <>
              <Button
                variant="text"
                disabled={working}
                onClick={() => {
                  snoozePrompt()
                  setDismissed(true)
                }}
              >
                {t('later')}
              </Button>
              <Button onClick={() => void enable()} loading={working}>
                {t('enable')}
              </Button>
            </>
          )}
        </div>
      </section>
    </div>
  )
}
