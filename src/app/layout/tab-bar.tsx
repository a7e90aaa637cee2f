import { Link, useRouterState } from '@tanstack/react-router'
import { memo, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { NavIcon } from './nav-icon.tsx'
import type { Role } from '../../contract/schemas/user.ts'
import { isInSection, tabItemsFor } from './navigation.ts'

export interface TabBarProps {
  role: Role
  drawerOpen: boolean
  onMore: () => void
  moreRef: Ref<HTMLButtonElement>
}

/**
 * The bottom tab bar of phone widths (below md, CSS): the four areas students open most, as
 * in the apps they use, and "Mais" for the rest of the drawer. Memoised like the drawer's
 * list: redrawn when the route or its own props change, not with every redraw of the frame.
 */
export const TabBar = memo(function TabBar({ role, drawerOpen, onMore, moreRef }: TabBarProps) {
  const { t } = useTranslation('common')
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  return (
    <nav className="tab-bar" aria-label={t('nav.tabBar')}>
      <ul className="tab-bar__list">
        {tabItemsFor(role).map((item) => {
          const current = isInSection(pathname, item.section)
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                className={`tab-bar__item${current ? ' tab-bar__item--active' : ''}`}
                aria-current={current ? 'page' : undefined}
              >
                <NavIcon name={item.icon} />
                <span className="tab-bar__label">{t(`nav.${item.labelKey}`)}</span>
              </Link>
            </li>
          )
        })}
        <li>
          <button
            ref={moreRef}
            type="button"
            className="tab-bar__item"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={onMore}
            data-tour="nav-more"
          >
            <NavIcon name="menu" />
            <span className="tab-bar__label">{t('nav.more')}</span>
          </button>
        </li>
      </ul>
    </nav>
  )
})
