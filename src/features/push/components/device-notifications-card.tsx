import '../push.css'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../../ui/card.tsx'
import { disablePush, enablePush, sendTestNotification } from '../device.ts'
import { usePushStatus } from '../use-push-status.ts'
import { DeviceNotificationsShape } from './device-notifications-skeleton.tsx'

/**
 * /me "Notificações neste aparelho" (issue 11): whether this device receives the school's
 * notifications, a switch, and "Enviar teste" to this device only. Turning them on or off
 * and the test need the server: offline the switch waits for the connection.
 */
export function DeviceNotificationsCard({ userId, online }: { userId: number; online: boolean }) {
  const { t } = useTranslation('push')
  const status = usePushStatus()
  const labelId = useId()
  const [working, setWorking] = useState<'switch' | 'test' | null>(null)
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const on = status === 'on'
  const canSwitch = online && working === null && (status === 'on' || status === 'off')

  async function run(kind: 'switch' | 'test', action: () => Promise<string | null>) {
    setWorking(kind)
    setMessage(null)
    try {
      const text = await action()
      if (text) setMessage({ tone: 'success', text })
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : t('failed') })
    } finally {
      setWorking(null)
    }
  }

  const toggle = () =>
    run('switch', async () => {
      if (on) {
        await disablePush()
        return t('disabled')
      }
      return (await enablePush(userId)) === 'on' ? t('enabled') : null
    })

  return (
    <Card
      className="push-device-card"
      title={t('cardTitle')}
      isLoading={status === 'checking'}
      skeleton={<DeviceNotificationsShape status={status} online={online} />}
    >
      <div className="push-device">
        <div className="push-device__row">
          <p id={labelId} className="push-device__label">
            {t('switchLabel')}
          </p>
          <button
            type="button"
            role="switch"
            className="push-switch"
            aria-checked={on}
            aria-labelledby={labelId}
            disabled={!canSwitch}
            onClick={() => void toggle()}
          >
            <span className="push-switch__track" aria-hidden="true">
              <span className="push-switch__thumb" />
            </span>
            <span className="push-switch__text">{on ? t('on') : t('off')}</span>
          </button>
        </div>
        <p className="push-device__state">{t(`state.${status === 'checking' ? 'off' : status}`)}</p>
        {!online && (status === 'on' || status === 'off') ? <p className="push-device__state">{t('needsConnection')}</p> : null}
        {on ? (
          <div>
            <Button
              variant="secondary"
              disabled={!online || working !== null}
              loading={working === 'test'}
              onClick={() => void run('test', sendTestNotification)}
            >
              {t('test')}
            </Button>
          </div>
        ) : null}
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      </div>
    </Card>
  )
}
