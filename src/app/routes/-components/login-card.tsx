import type { ReactNode } from 'react'
import { Alert } from '../../../ui/alert.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { useBrand } from '../../brand-context.tsx'
import { useFocusHeadingOnNavigation } from '../../layout/route-focus.ts'

/**
 * The frame of every page of /login (SPEC §2): the brand, the page's heading and a line
 * under it, a warning while offline, and the page's form.
 */
export function LoginCard({
  title,
  subtitle,
  offline,
  children,
}: {
  title: string
  subtitle: string
  offline: string
  children: ReactNode
}) {
  const brand = useBrand()
  const online = useOnlineStatus()
  // After logout (or any move to this screen) focus lands on its heading, not on <body>.
  useFocusHeadingOnNavigation()
  return (
    <div className="login-page">
      <main className="login-card" id="main">
        <header className="login-card__header">
          <img className="login-card__logo" src={brand.favicon} alt="" width="56" height="56" />
          <p className="login-card__brand">{brand.name}</p>
          <h1 className="login-card__title">{title}</h1>
          <p className="login-card__subtitle">{subtitle}</p>
        </header>
        {online ? null : <Alert tone="warning">{offline}</Alert>}
        {children}
      </main>
    </div>
  )
}
