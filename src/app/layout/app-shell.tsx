import { Link, useRouterState } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { CurrentUser } from '../../api/schemas/user.ts'
import { useOnlineStatus } from '../../ui/online-status.ts'
import { NavIcon } from './nav-icon.tsx'
import { navItemsFor } from './navigation.ts'

const MINIMIZED_KEY = 'drawer_minimized'

export interface AppShellProps {
  user: CurrentUser
  brandName: string
  /** SPEC §3 session.showDrawer: hidden during profile creation. */
  showDrawer: boolean
  onLogout: () => void
  children: ReactNode
}

/**
 * Top bar + drawer. Wide screens get a side drawer that can be minimised to icons; phones
 * get an overlay opened from the menu button (SPEC §2 tour: "minimize/expand menu").
 */
export function AppShell({ user, brandName, showDrawer, onLogout, children }: AppShellProps) {
  const { t } = useTranslation('common')
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [minimized, setMinimized] = useState(() => localStorage.getItem(MINIMIZED_KEY) === '1')
  const [mobileOpen, setMobileOpen] = useState(false)
  const online = useOnlineStatus()

  useEffect(() => setMobileOpen(false), [pathname])
  useEffect(() => {
    if (!mobileOpen) return
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setMobileOpen(false)
    window.addEventListener('keydown', close)
    return () => window.removeEventListener('keydown', close)
  }, [mobileOpen])

  function toggleMinimized() {
    setMinimized((value) => {
      localStorage.setItem(MINIMIZED_KEY, value ? '0' : '1')
      return !value
    })
  }

  const initial = (user.full_name ?? user.email ?? '?').trim().charAt(0).toUpperCase()

  return (
    <div className={`app-shell${showDrawer ? '' : ' app-shell--no-drawer'}${minimized ? ' app-shell--minimized' : ''}`}>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="top-bar">
        {showDrawer ? (
          <button
            type="button"
            className="icon-button top-bar__menu"
            aria-label={mobileOpen ? t('nav.close') : t('nav.open')}
            aria-expanded={mobileOpen}
            aria-controls="app-drawer"
            onClick={() => setMobileOpen((open) => !open)}
            data-tour="nav-menu"
          >
            <NavIcon name="menu" />
          </button>
        ) : null}
        <span className="top-bar__brand">{brandName}</span>
        <Link to="/me" className="top-bar__user" aria-label={t('nav.me')}>
          <span className="top-bar__user-name">{user.full_name}</span>
          <span className="avatar" aria-hidden="true">
            {initial}
          </span>
        </Link>
      </header>
      {showDrawer ? (
        <>
          {mobileOpen ? <div className="drawer-scrim" aria-hidden="true" onClick={() => setMobileOpen(false)} /> : null}
          <nav id="app-drawer" className={`drawer${mobileOpen ? ' drawer--open' : ''}`} aria-label={t('nav.label')}>
            <ul className="drawer__list">
              {navItemsFor(user.role).map((item) => (
                <li key={item.to}>
                  {item.available ? (
                    <Link to={item.to} className="drawer__item" activeProps={{ className: 'drawer__item drawer__item--active', 'aria-current': 'page' }} title={t(`nav.${item.labelKey}`)}>
                      <NavIcon name={item.icon} />
                      <span className="drawer__label">{t(`nav.${item.labelKey}`)}</span>
                    </Link>
                  ) : (
                    <span className="drawer__item drawer__item--soon" aria-disabled="true" title={`${t(`nav.${item.labelKey}`)} · ${t('nav.soon')}`}>
                      <NavIcon name={item.icon} />
                      <span className="drawer__label">
                        {t(`nav.${item.labelKey}`)} <small className="drawer__soon">{t('nav.soon')}</small>
                      </span>
                    </span>
                  )}
                </li>
              ))}
            </ul>
            <div className="drawer__footer">
              <button type="button" className="drawer__item drawer__minimize" onClick={toggleMinimized} aria-pressed={minimized} data-tour="nav-minimize">
                <NavIcon name="chevron" />
                <span className="drawer__label">{minimized ? t('nav.expand') : t('nav.minimize')}</span>
              </button>
              <button type="button" className="drawer__item" onClick={onLogout}>
                <NavIcon name="logout" />
                <span className="drawer__label">{t('nav.logout')}</span>
              </button>
            </div>
          </nav>
        </>
      ) : null}
      <main id="main" className="app-main" tabIndex={-1}>
        {online ? null : (
          <p className="offline-banner" role="status">
            {t('offlineBanner')}
          </p>
        )}
        {children}
      </main>
    </div>
  )
}
