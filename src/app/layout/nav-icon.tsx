import { memo } from 'react'
import { StrokeIcon } from '../../ui/stroke-icon.tsx'
import type { NavIcon as NavIconName } from './navigation.ts'

// 24×24 stroke paths: a handful of inline icons costs less than an icon library.
const PATHS: Record<NavIconName | 'menu' | 'close' | 'logout' | 'chevron', string> = {
  home: 'M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10',
  book: 'M4 4h7a3 3 0 013 3v13a2 2 0 00-2-2H4zM20 4h-6M20 4v14h-6',
  video: 'M3 6h12v12H3zM15 10l6-4v12l-6-4',
  wallet: 'M3 7h18v12H3zM3 7l3-3h12M16 13h2',
  bag: 'M5 8h14l-1 12H6zM9 8V6a3 3 0 016 0v2',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z',
  globe: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  test: 'M9 3h6M10 3v6l-5 9a2 2 0 002 3h10a2 2 0 002-3l-5-9V3',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  bell: 'M6 16V11a6 6 0 0112 0v5l2 2H4zM10 20a2 2 0 004 0',
  upload: 'M12 16V4M7 9l5-5 5 5M4 16v4h16v-4',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  chevron: 'M15 6l-6 6 6 6',
}

/** Memoised: a link redraws with the route (its active state), its icon never changes. */
export const NavIcon = memo(function NavIcon({ name }: { name: keyof typeof PATHS }) {
  return <StrokeIcon className="nav-icon" d={PATHS[name]} strokeWidth={1.8} />
})
