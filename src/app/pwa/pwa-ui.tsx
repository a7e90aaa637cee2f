import './pwa.css'
import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useOnlineStatus } from '../../ui/online-status.ts'
import { REGISTRATION_UPDATE_REDIRECT_ENABLED } from '../guards.ts'
import { useSession, useSessionActor } from '../session.tsx'
import { InstallButton } from './install-button.tsx'
import { installController } from './install.ts'
import { loadWhenOnline } from './load-when-online.ts'
import { UpdatePrompt } from './update-prompt.tsx'

// Notifications (issue 11) only concern a signed-in student: their code loads after the first screen.
const PushLayer = lazy(async () => {
  const [{ PushLayer }] = await loadWhenOnline(() =>
    // The texts through import(): they share a file with the push state, which the login never loads.
    Promise.all([
      import('../../features/push/components/push-layer.tsx'),
      import('../../features/push/texts.ts').then(({ loadPushTexts }) => loadPushTexts()),
    ]),
  )
  return { default: PushLayer }
})

/**
 * The PWA layer's UI, mounted once at the root next to the router (main.tsx): the update
 * banner and the install action, docked at the bottom. While something shows, the page
 * gets bottom padding of the same height, so nothing on a phone is hidden under it. A
 * signed-in student's notifications (the offer, the pushes that arrive on screen) dock here too.
 */
export function PwaUi({ openLink }: { openLink: (to: string) => void }) {
  const { t } = useTranslation('pwa')
  const session = useSessionActor()
  const isLoggedIn = useSession((snapshot) => snapshot.matches('loggedIn'))
  const dock = useRef<HTMLElement>(null)
  const userId = useSession((snapshot) => snapshot.context.currentUser?.id)
  const userConfirmed = !useSession((snapshot) => snapshot.context.userFromDevice)
  const mustFinishForm = useSession(
    (snapshot) => (snapshot.context.requiresUpdate && REGISTRATION_UPDATE_REDIRECT_ENABLED) || snapshot.context.isBookEmpty,
  )
  const online = useOnlineStatus()

  // A reported install outcome comes back as the updated user: the session keeps it.
  useEffect(() => {
    const install = installController()
    install.setOnReported((user) => session.send({ type: 'session.userUpdated', user }))
    return () => install.setOnReported(null)
  }, [session])

  // An outcome chosen before login is reported as soon as someone is logged in.
  useEffect(() => {
    if (isLoggedIn) void installController().flushPending()
  }, [isLoggedIn])

  useLayoutEffect(() => {
    const element = dock.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    const observer = new ResizeObserver(() => {
      const height = element.getBoundingClientRect().height
      if (height > 0) root.style.setProperty('--pwa-dock-height', `${Math.ceil(height)}px`)
      else root.style.removeProperty('--pwa-dock-height')
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--pwa-dock-height')
    }
  }, [])

  return (
    <aside ref={dock} className="pwa-dock" aria-label={t('region')}>
      <UpdatePrompt />
      {isLoggedIn && userId !== undefined ? (
        <Suspense fallback={null}>
          <PushLayer userId={userId} ready={online && userConfirmed} busy={mustFinishForm} onOpenLink={openLink} />
        </Suspense>
      ) : null}
      <InstallButton />
    </aside>
  )
}
