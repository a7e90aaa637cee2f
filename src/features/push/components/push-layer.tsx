import '../push.css'
import { useEffect } from 'react'
import { refreshPushStatus, syncPushAtStart } from '../device.ts'
import { InAppMessages } from './in-app-messages.tsx'
import { PushOffer } from './push-offer.tsx'

export interface PushLayerProps {
  userId: number
  /** Online, with the user confirmed by the server: the start's check may run. */
  ready: boolean
  /** A screen the student must finish first (registration update, empty book). */
  busy: boolean
  /** Opens a deep link of a push inside the portal (the router). */
  onOpenLink: (link: string) => void
}

/**
 * The signed-in student's notifications (issue 11), mounted in the PWA dock: the check of
 * this device's subscription at each start, the offer to turn them on, and the pushes that
 * arrive while the portal is on screen.
 */
export function PushLayer({ userId, ready, busy, onOpenLink }: PushLayerProps) {
  useEffect(() => {
    void refreshPushStatus().catch(() => undefined)
  }, [])

  useEffect(() => {
    if (!ready) return
    // A failed check (the server silent) leaves the device's own reading on screen.
    syncPushAtStart(userId).catch(() => refreshPushStatus().catch(() => undefined))
  }, [ready, userId])

  return (
    <>
      <InAppMessages onOpenLink={onOpenLink} />
      <PushOffer userId={userId} ready={ready} busy={busy} />
    </>
  )
}
