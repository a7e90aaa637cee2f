import '../push.css'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../../ui/card.tsx'
import { SkeletonText } from '../../../ui/skeleton.tsx'
import { pushStatusAtOnce, type PushStatus } from '../status.ts'

/**
 * The /me card "Notificações neste aparelho" with bars for its texts (issue 7: a skeleton of
 * its real size): the switch's row, the state line, "Enviar teste" where the answer is likely
 * "on" (the subscription still being read), and the offline line. Its own code and texts load
 * after the screen, so /me draws this first; the card draws it again while it reads the
 * subscription. Nothing below it moves when the texts come.
 */
export function DeviceNotificationsShape({ status, online }: { status: PushStatus; online: boolean }) {
  return (
    <div className="push-device">
      <div className="push-device__row">
        <p className="push-device__label">
          <SkeletonText width="16em" />
        </p>
        <span className="push-switch" aria-hidden="true">
          <span className="push-switch__track" />
          <SkeletonText width="5em" />
        </span>
      </div>
      <p className="push-device__state">
        <SkeletonText width="22em" />
      </p>
      {!online && (status === 'off' || status === 'checking') ? (
        <p className="push-device__state">
          <SkeletonText width="14em" />
        </p>
      ) : null}
      {status === 'checking' ? (
        <div>
          <Button variant="secondary" disabled aria-hidden="true">
            <SkeletonText width="6em" />
          </Button>
        </div>
      ) : null}
    </div>
  )
}

/** What /me draws while the card's code and texts load: the card, its title a bar too. */
export function DeviceNotificationsSkeleton({ online }: { online: boolean }) {
  return (
    <Card
      className="push-device-card"
      isLoading
      skeleton={
        <div className="stack">
          <p className="ui-card__title">
            <SkeletonText width="13em" />
          </p>
          <DeviceNotificationsShape status={pushStatusAtOnce()} online={online} />
        </div>
      }
    />
  )
}
