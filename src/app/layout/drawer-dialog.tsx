import { useRouterState } from '@tanstack/react-router'
import { Dialog } from 'radix-ui'
import { useRef, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { DRAWER_DIALOG_ID, DrawerNav } from './drawer-nav.tsx'
import { NavIcon } from './nav-icon.tsx'
import type { NavItem } from './navigation.ts'

export interface DrawerDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The button that opened the drawer (menu or "Mais"): focus returns there on close. */
  opener: RefObject<HTMLElement | null>
  items: readonly NavItem[]
  onLogout: () => void
  badges?: Readonly<Record<string, number>> | undefined
}

/**
 * The drawer below the lg breakpoint: a modal dialog (Radix) that keeps focus inside,
 * closes with Esc or a tap outside and hides the page from screen readers meanwhile. Only
 * opening slides (CSS); closing is instant, so focus never waits on an animation.
 */
export function DrawerDialog({ open, onOpenChange, opener, items, onLogout, badges }: DrawerDialogProps) {
  const { t } = useTranslation('common')
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  // A link to another screen: the new screen's heading takes focus (route-focus.ts).
  const navigating = useRef(false)

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-scrim" />
        <Dialog.Content
          className="drawer drawer--dialog"
          aria-modal="true"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            if (!navigating.current) opener.current?.focus()
            navigating.current = false
          }}
        >
          <div className="drawer__header">
            <Dialog.Title className="drawer__title">{t('nav.title')}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('nav.close')}>
              <NavIcon name="close" />
            </Dialog.Close>
          </div>
          <DrawerNav
            id={DRAWER_DIALOG_ID}
            className="drawer__nav"
            items={items}
            badges={badges}
            onLogout={() => {
              navigating.current = true
              onLogout()
            }}
            onNavigate={(to) => {
              navigating.current = to !== pathname
              onOpenChange(false)
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
