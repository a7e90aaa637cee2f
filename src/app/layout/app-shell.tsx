import { Link, useRouter } from '@tanstack/react-router'
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { BrandId } from '../../contract/brand-host.ts'
import { DRAWER_MINIMIZED_KEY } from '../../contract/shell-file.ts'
import { runtimeConfig } from '../../lib/runtime-config.ts'
import type { CurrentUser } from '../../contract/schemas/user.ts'
import { usePendingOutboxCount } from '../../db/outbox-live.ts'
import { AfterFirstScreen, afterFirstScreen } from '../../ui/after-first-screen.tsx'
import { lazyWhenOnline, loadWhenOnline } from '../pwa/load-when-online.ts'
import { isAtLeast, useBreakpoint } from '../../ui/breakpoints.ts'
import { useOnlineStatus } from '../../ui/online-status.ts'
import { DRAWER_DIALOG_ID, DrawerNav } from './drawer-nav.tsx'
import { NavIcon } from './nav-icon.tsx'
import { navItemsFor } from './navigation.ts'
import { useFocusHeadingOnNavigation } from './route-focus.ts'
import { TabBar } from './tab-bar.tsx'

// The dialog (Radix Dialog with its focus trap and scroll lock, ~11 KB compressed) is not
// needed to draw any screen: it loads after the first screen, or on the first tap.
// Each later part waits for the connection if its code cannot load (pwa/load-when-online.ts).
const loadDrawerDialog = () => import('./drawer-dialog.tsx')
const DrawerDialog = lazyWhenOnline(loadDrawerDialog, 'DrawerDialog')
// "Ajuda pelo chat" (D19): its code is fetched only where the chat is configured, after the
// first screen; the widget itself only on the tap.
const ChatButton = lazyWhenOnline(() => import('../../features/chat/chat-button.tsx'), 'ChatButton')
// Issue 40 item 13: the unread notices' count and its refreshes, loaded after the first screen.
const AvisosWatcher = lazyWhenOnline(() => import('../../features/avisos/unread.tsx'), 'AvisosWatcher')

export interface AppShellProps {
  user: CurrentUser
  brandId: BrandId
  brandName: string
  /** SPEC §3 session.showDrawer: hidden during profile creation. */
  showDrawer: boolean
  onLogout: () => void
  children: ReactNode
}

/**
 * Top bar + navigation. From lg up a side drawer that can be minimised to icons (SPEC §2
 * tour: "minimize/expand menu"); below lg the drawer is a modal dialog opened from the menu
 * button, and on phones (below md) a bottom tab bar replaces the menu button, its "Mais"
 * opening the same dialog. Which of them shows is CSS (app.css), so the first paint needs
 * no script.
 */
export function AppShell({ user, brandId, brandName, showDrawer, onLogout, children }: AppShellProps) {
  const { t } = useTranslation('common')
  const router = useRouter()
  const [minimized, setMinimized] = useState(() => localStorage.getItem(DRAWER_MINIMIZED_KEY) === '1')
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [dialogMounted, setDialogMounted] = useState(false)
  const opener = useRef<HTMLButtonElement | null>(null)
  const menuButton = useRef<HTMLButtonElement>(null)
  const moreButton = useRef<HTMLButtonElement>(null)
  const online = useOnlineStatus()
  const wide = isAtLeast(useBreakpoint(), 'lg')
  // D16: items waiting in the outbox (a count only; the outbox loads beside the screen).
  const pending = usePendingOutboxCount(user.id)
  useFocusHeadingOnNavigation()

  useEffect(() => afterFirstScreen(() => void loadWhenOnline(loadDrawerDialog)), [])

  // Grown past lg (a rotated tablet): the side drawer is back, the dialog goes.
  useEffect(() => {
    if (wide) setDrawerOpen(false)
  }, [wide])

  // A screen at `path` or, as /knn-club, a splat route under it.
  const items = useMemo(
    () =>
      navItemsFor({
        role: user.role,
        brand: brandId,
        hasRoute: (path) => path in router.routesByPath || `${path}/$` in router.routesByPath,
      }),
    [user.role, brandId, router],
  )
  // Issue 40 item 13: unread notices, for whoever has the Avisos entry (a student), counted after the first screen.
  const hasAvisos = items.some((item) => item.to === '/avisos')
  const [unreadAvisos, setUnreadAvisos] = useState(0)
  const badges = useMemo(
    () => ({ '/envios-pendentes': pending, '/avisos': hasAvisos ? unreadAvisos : 0 }),
    [pending, hasAvisos, unreadAvisos],
  )

  // Stable callbacks and footer: the drawer's list and the tab bar are memoised (drawer-nav.tsx).
  const openDrawer = useCallback((from: HTMLButtonElement | null) => {
    opener.current = from
    setDialogMounted(true)
    setDrawerOpen(true)
  }, [])
  const openFromMore = useCallback(() => openDrawer(moreButton.current), [openDrawer])
  const drawerFooter = useMemo(
    () => (
      <button
        type="button"
        className="drawer__item drawer__minimize"
        onClick={() =>
          setMinimized((value) => {
            localStorage.setItem(DRAWER_MINIMIZED_KEY, value ? '0' : '1')
            return !value
          })
        }
        aria-pressed={minimized}
        data-tour="nav-minimize"
      >
        <NavIcon name="chevron" />
        <span className="drawer__label">{minimized ? t('nav.expand') : t('nav.minimize')}</span>
      </button>
    ),
    [minimized, t],
  )

  // Settings kept from the start-up request (D22); no chat configured, no chat code.
  const chatUrl = runtimeConfig()?.chatwoot_url ?? null
  const chatToken = runtimeConfig()?.chatwoot_website_token ?? null
  const initial = (user.full_name ?? user.email ?? '?').trim().charAt(0).toUpperCase()

  return (
    <div className={`app-shell${showDrawer ? '' : ' app-shell--no-drawer'}${minimized ? ' app-shell--minimized' : ''}`}>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="top-bar">
        {showDrawer ? (
          <button
            ref={menuButton}
            type="button"
            className="icon-button top-bar__menu"
            aria-label={t('nav.open')}
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            aria-controls={drawerOpen ? DRAWER_DIALOG_ID : undefined}
            onClick={() => openDrawer(menuButton.current)}
            data-tour="nav-menu"
          >
            <NavIcon name="menu" />
          </button>
        ) : null}
        <span className="top-bar__brand">{brandName}</span>
        {hasAvisos ? (
          <AfterFirstScreen>
            <Suspense fallback={null}>
              <AvisosWatcher onUnread={setUnreadAvisos} />
            </Suspense>
          </AfterFirstScreen>
        ) : null}
        {chatUrl && chatToken && user.role === 'student' ? (
          <Suspense fallback={null}>
            <ChatButton user={user} chatUrl={chatUrl} websiteToken={chatToken} />
          </Suspense>
        ) : null}
        <Link to="/me" className="top-bar__user" aria-label={t('nav.me')}>
          <span className="top-bar__user-name">{user.full_name}</span>
          <span className="avatar" aria-hidden="true">
            {initial}
          </span>
        </Link>
      </header>
      {showDrawer ? (
        <>
          <DrawerNav
            id="app-drawer"
            className="drawer drawer--side"
            items={items}
            badges={badges}
            onLogout={onLogout}
            footer={drawerFooter}
          />
          {dialogMounted ? (
            <Suspense fallback={null}>
              <DrawerDialog
                open={drawerOpen}
                onOpenChange={setDrawerOpen}
                opener={opener}
                items={items}
                onLogout={onLogout}
                badges={badges}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
      <main id="main" className={`app-main${showDrawer ? ' app-main--tabs' : ''}`} tabIndex={-1}>
        {online ? null : (
          <p className="offline-banner" role="status">
            {t('offlineBanner')}
            {pending > 0 ? (
              <>
                {' '}
                <Link to="/envios-pendentes" className="offline-banner__link">
                  {t('offlinePending', { count: pending })}
                </Link>
              </>
            ) : null}
          </p>
        )}
        {children}
      </main>
      {showDrawer ? <TabBar role={user.role} drawerOpen={drawerOpen} moreRef={moreButton} onMore={openFromMore} /> : null}
    </div>
  )
}
