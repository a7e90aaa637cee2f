import type { Role } from '../../api/schemas/user.ts'
import type common from '../../i18n/pt-BR/common.json'

export type NavIcon = 'home' | 'book' | 'video' | 'wallet' | 'bag' | 'star' | 'globe' | 'test' | 'user' | 'bell'

export interface NavItem {
  /** i18n key in the `common` namespace, under `nav.` (typed: a missing text fails typecheck) */
  labelKey: keyof typeof common.nav
  to: string
  icon: NavIcon
  /** false while the area's screens are not built: shown as "Em breve", not a dead link. */
  available: boolean
  roles?: readonly Role[]
}

/** The drawer: every area of SPEC §2. Manager-only entries per D7. */
export const NAV_ITEMS: readonly NavItem[] = [
  { labelKey: 'dashboard', to: '/dashboard', icon: 'home', available: true },
  { labelKey: 'pedagogico', to: '/pedagogico/list', icon: 'book', available: true },
  { labelKey: 'aulaOnline', to: '/aula-online', icon: 'video', available: false },
  { labelKey: 'financial', to: '/financial', icon: 'wallet', available: true },
  { labelKey: 'pedidos', to: '/pedidos', icon: 'bag', available: true },
  { labelKey: 'club', to: '/knn-club', icon: 'star', available: false },
  { labelKey: 'knnAbreOMundo', to: '/knn-abre-o-mundo', icon: 'globe', available: false },
  { labelKey: 'londonByPhenom', to: '/london-by-phenom', icon: 'globe', available: false },
  { labelKey: 'knnOrlando', to: '/knn-orlando', icon: 'globe', available: false },
  { labelKey: 'englishTest', to: '/english-test', icon: 'test', available: false },
  { labelKey: 'me', to: '/me', icon: 'user', available: true },
  { labelKey: 'managerPanel', to: '/manager-panel', icon: 'bell', available: false, roles: ['manager'] },
]

export function navItemsFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.roles || item.roles.includes(role))
}
