import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import * as v from 'valibot'
import { PushInAppMessage } from '../../../contract/schemas/push.ts'
import '../../../ui/dock-card.css'
import { Button } from '../../../ui/button.tsx'

/** How long a message stays unless the student closes or opens it. */
export const IN_APP_MESSAGE_MS = 10_000
/** The newest few; an older one gives way. */
const MAX_MESSAGES = 3

interface Item extends PushInAppMessage {
  key: number
}

let nextKey = 0

/**
 * SPEC §3 notification queue: a push that arrives while the portal is on screen shows here
 * too (the worker tells the visible tab), with "Abrir" for its deep link.
 */
export function InAppMessages({ onOpenLink }: { onOpenLink: (link: string) => void }) {
  const { t } = useTranslation('push')
  const [items, setItems] = useState<Item[]>([])

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    const onMessage = (event: MessageEvent) => {
      const parsed = v.safeParse(PushInAppMessage, event.data)
      if (!parsed.success) return
      const item = { ...parsed.output, key: nextKey++ }
      setItems((current) => [...current.filter((other) => other.title !== item.title), item].slice(-MAX_MESSAGES))
      setTimeout(() => setItems((current) => current.filter((other) => other.key !== item.key)), IN_APP_MESSAGE_MS)
    }
    navigator.serviceWorker.addEventListener('message', onMessage)
    return () => navigator.serviceWorker.removeEventListener('message', onMessage)
  }, [])

  const remove = (key: number) => setItems((current) => current.filter((item) => item.key !== key))

  return (
    <div role="status" aria-label={t('inAppRegion')} className="ui-dock-region push-dock-item push-messages">
      {items.map((item) => (
        <div key={item.key} className="ui-dock-card" data-testid="push-message">
          <div>
            <p className="ui-dock-card__title">{item.title}</p>
            {item.body ? <p className="ui-dock-card__body">{item.body}</p> : null}
          </div>
          <div className="ui-dock-card__actions">
            <Button variant="text" onClick={() => remove(item.key)}>
              {t('close')}
            </Button>
            <Button
              onClick={() => {
                remove(item.key)
                onOpenLink(item.link)
              }}
            >
              {t('open')}
            </Button>
          </div>
        </div>
      ))}
    </div>
  )
}
