import type { BrandId } from '../../contract/brand-host.ts'
import { canCall, type Endpoint } from '../../contract/define.ts'
import type { Role } from '../../contract/schemas/user.ts'
import type common from '../../i18n/pt-BR/common.json'

export type NavIcon = 'home' | 'book' | 'video' | 'wallet' | 'bag' | 'star' | 'globe' | 'test' | 'user' | 'bell' | 'upload'

export interface NavItem {
  /** i18n key in the `common` namespace, under `nav.` (typed: a missing text fails typecheck) */
  labelKey: keyof typeof common.nav
  to: string
  icon: NavIcon
  /** Manager-only entries per D7; every role when absent. */
  roles?: readonly Role[]
  /**
   * The access of the screen's main endpoint: shown only to a role that may call it (D7, the
   * same rule the server answers 403 with). Written here rather than read from the contract,
   * whose areas' schemas the frame would then load before its first render;
   * navigation.test.ts checks each against the contract's endpoint.
   */
  endpoint?: Pick<Endpoint, 'access'>
  /** D29: a brand lists only its own programmes; every brand when absent. */
  brands?: readonly BrandId[]
  /** The accessible name of the entry's count badge (`nav.<key>`, plural); "N envios aguardando" when absent. */
  badgeKey?: 'pendingBadge' | 'avisosBadge'
}

/**
 * Every area of SPEC §2 in drawer order. An entry shows only once its screen exists in the
 * route tree (navItemsFor's `hasRoute`), so the drawer never leads to a dead end and the
 * entries of later screens appear with the screens themselves.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { labelKey: 'dashboard', to: '/dashboard', icon: 'home' },
  { labelKey: 'pedagogico', to: '/pedagogico/list', icon: 'book', endpoint: { access: 'student' } },
  { labelKey: 'aulaOnline', to: '/aula-online', icon: 'video', endpoint: { access: 'student' } },
  { labelKey: 'financial', to: '/financial', icon: 'wallet', endpoint: { access: 'student' } },
  { labelKey: 'pedidos', to: '/pedidos', icon: 'bag', endpoint: { access: 'student' } },
  // Issue 13: the club's calls are a student's (a manager has no points).
  { labelKey: 'club', to: '/knn-club', icon: 'star', endpoint: { access: 'student' } },
  // Issue 14: the campaign's calls are a student's; a manager has no entries to show.
  { labelKey: 'knnAbreOMundo', to: '/knn-abre-o-mundo', icon: 'globe', brands: ['knn'], endpoint: { access: 'student' } },
  { labelKey: 'londonByPhenom', to: '/london-by-phenom', icon: 'globe', brands: ['phenom'] },
  { labelKey: 'knnOrlando', to: '/knn-orlando', icon: 'globe', brands: ['knn'] },
  { labelKey: 'englishTest', to: '/english-test', icon: 'test', endpoint: { access: 'student' } },
  // D16: what waits to be sent from this device, with a count badge while anything waits.
  { labelKey: 'enviosPendentes', to: '/envios-pendentes', icon: 'upload', endpoint: { access: 'student' } },
  // Issue 40 item 13: the pushes sent to the student, with a badge of the unread ones.
  { labelKey: 'avisos', to: '/avisos', icon: 'bell', endpoint: { access: 'student' }, badgeKey: 'avisosBadge' },
  { labelKey: 'me', to: '/me', icon: 'user' },
  { labelKey: 'managerPanel', to: '/manager-panel', icon: 'bell', roles: ['manager'] },
]

export interface NavFilter {
  role: Role
  brand: BrandId
  /** True when the app has a screen at this path. */
  hasRoute: (path: string) => boolean
}

/** The drawer entries for this user on this brand: only screens that exist. */
export function navItemsFor({ role, brand, hasRoute }: NavFilter, items: readonly NavItem[] = NAV_ITEMS): NavItem[] {
  return items.filter(
    (item) =>
      (!item.roles || item.roles.includes(role)) &&
      (!item.endpoint || canCall(item.endpoint, role)) &&
      (!item.brands || item.brands.includes(brand)) &&
      hasRoute(item.to),
  )
}

export interface TabItem {
  labelKey: keyof typeof common.nav
  to: string
  icon: NavIcon
  /** Paths under this prefix mark the tab as current (a class's notas belongs to Pedagógico). */
  section: string
  endpoint?: Pick<Endpoint, 'access'>
}

/** The phone tab bar: the four areas students open most; "Mais" opens the drawer. */
export const TAB_ITEMS: readonly TabItem[] = [
  { labelKey: 'dashboard', to: '/dashboard', icon: 'home', section: '/dashboard' },
  { labelKey: 'pedagogico', to: '/pedagogico/list', icon: 'book', section: '/pedagogico', endpoint: { access: 'student' } },
  { labelKey: 'financial', to: '/financial', icon: 'wallet', section: '/financial', endpoint: { access: 'student' } },
  { labelKey: 'pedidos', to: '/pedidos', icon: 'bag', section: '/pedidos', endpoint: { access: 'student' } },
]

/** The tabs this role may open (a manager has no classes, instalments or orders, D7). */
export function tabItemsFor(role: Role, items: readonly TabItem[] = TAB_ITEMS): TabItem[] {
  return items.filter((item) => !item.endpoint || canCall(item.endpoint, role))
}

export function isInSection(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`)
}
