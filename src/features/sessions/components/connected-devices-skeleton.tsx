import '../sessions.css'
import { Card } from '../../../ui/card.tsx'
import { SkeletonText } from '../../../ui/skeleton.tsx'

/**
 * The rows of "Aparelhos conectados" as bars (issue 7: a skeleton of its real size): the
 * intro line, this device (name and tag, two detail lines) and one other device with its
 * "Encerrar" button. Drawn while the list loads, and by /me while the card's code loads.
 */
export function ConnectedDevicesShape() {
  return (
    <div className="stack" aria-hidden="true">
      <p className="devices__intro">
        <SkeletonText width="90%" />
      </p>
      <ul className="devices__list">
        {[true, false].map((current) => (
          <li key={String(current)} className="devices__item">
            <span className="devices__name">
              <SkeletonText width="45%" />
            </span>
            <span className="devices__detail">
              <SkeletonText width="60%" />
            </span>
            <span className="devices__detail">
              <SkeletonText width="50%" />
            </span>
            {current ? null : (
              <div className="devices__actions">
                <span className="ui-button ui-button--text" aria-disabled="true">
                  <SkeletonText width="5em" />
                </span>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** What /me draws while the card's code and texts load: the card, its title a bar too. */
export function ConnectedDevicesSkeleton() {
  return (
    <Card
      isLoading
      skeleton={
        <div className="stack">
          <p className="ui-card__title">
            <SkeletonText width="12em" />
          </p>
          <ConnectedDevicesShape />
        </div>
      }
    />
  )
}
