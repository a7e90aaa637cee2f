import { Link } from '@tanstack/react-router'
import { memo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { NavIcon } from './nav-icon.tsx'
import type { NavItem } from './navigation.ts'

/** The drawer dialog's navigation, named by the buttons that open it (aria-controls). */
export const DRAWER_DIALOG_ID = 'app-drawer-dialog'

export interface DrawerNavProps {
  id: string
  className: string
  items: readonly NavItem[]
  onLogout: () => void
  /** A link was chosen (the phone drawer closes on it). */
  onNavigate?: ((to: string) => void) | undefined
  /** Extra footer buttons before "Sair" (the side drawer's minimise toggle). */
  footer?: ReactNode
  /** A count beside an entry, by path (the outbox's waiting items, unread notices); none at 0. */
  badges?: Readonly<Record<string, number>> | undefined
}

/**
 * The drawer's entries and its footer, shared by the side drawer and the phone dialog.
 * Memoised: the frame redraws as the session starts, a count arrives or the connection
 * changes, and the entries (a link, an icon and a label each) only when their own props do.
 */
export const DrawerNav = memo(function DrawerNav({ id, className, items, onLogout, onNavigate, footer, badges }: DrawerNavProps) {
  const { t } = useTranslation('common')
  return (
    <nav id={id} className={className} aria-label={t('nav.label')}>
      <ul className="drawer__list">
        {items.map((item) => {
          const badge = badges?.[item.to] ?? 0
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                className="drawer__item"
                activeProps={{ className: 'drawer__item drawer__item--active', 'aria-current': 'page' }}
                title={t(`nav.${item.labelKey}`)}
                onClick={() => onNavigate?.(item.to)}
              >
                <NavIcon name={item.icon} />
                <span className="drawer__label">{t(`nav.${item.labelKey}`)}</span>
                {badge > 0 ? (
                  <span className="drawer__badge" data-testid="nav-badge">
                    <span aria-hidden="true">{badge}</span>
                    <span className="u-visually-hidden">{t(`nav.${item.badgeKey ?? 'pendingBadge'}`, { count: badge })}</span>
                  </span>
                ) : null}
              </Link>
            </li>
          )
        })}
      </ul>
      <div className="drawer__footer">
        {footer}
        <button type="button" className="drawer__item" onClick={onLogout}>
          <NavIcon name="logout" />
          <span className="drawer__label">{t('nav.logout')}</span>
        </button>
      </div>
    </nav>
  )
})
