import '../club.css'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import type { CurrentUser } from '../../../contract/schemas/user.ts'
import { CLUB_PAGES, type ClubPage } from '../pages.ts'
import { MeuClube } from './meu-clube.tsx'
import { MeuExtrato } from './meu-extrato.tsx'
import { MeusPedidos } from './meus-pedidos.tsx'
import { UsarPontos } from './usar-pontos.tsx'
import { LoadingStatus } from '../../../ui/skeleton.tsx'

// A chunk of its own: its form and share/QR code do not weigh on the other pages' first render.
const JuntarPontos = lazy(() => import('./juntar-pontos.tsx').then((module) => ({ default: module.JuntarPontos })))

const TITLE_KEY = {
  'meu-clube': 'meuClube',
  'juntar-pontos': 'juntarPontos',
  'usar-pontos': 'usarPontos',
  'meus-pedidos': 'meusPedidos',
  'meu-extrato': 'meuExtrato',
} as const

/**
 * /knn-club/{page} (issue 13): one screen for the club's pages, the route's guard has
 * already sent a non-member to meu-clube (SPEC §2). A member sees the club's tabs. The
 * route gives the session's user and where the updated one goes (features never import the app).
 */
export function ClubScreen({
  page,
  member,
  onUserUpdated,
}: {
  page: ClubPage
  member: boolean
  onUserUpdated: (user: CurrentUser) => void
}) {
  const { t } = useTranslation('club')
  return (
    <div className="page club">
      <h1 className="page__title">
        {t('title')} · {t(`nav.${TITLE_KEY[page]}`)}
      </h1>
      {member ? (
        <nav className="club-tabs" aria-label={t('nav.label')}>
          {CLUB_PAGES.map((to) => (
            <Link
              key={to}
              className="club-tabs__link"
              to="/knn-club/$"
              params={{ _splat: to }}
              aria-current={to === page ? 'page' : undefined}
            >
              {t(`nav.${TITLE_KEY[to]}`)}
            </Link>
          ))}
        </nav>
      ) : null}
      {page === 'meu-clube' ? <MeuClube member={member} onUserUpdated={onUserUpdated} /> : null}
      {page === 'juntar-pontos' ? (
        <Suspense fallback={<LoadingStatus />}>
          <JuntarPontos />
        </Suspense>
      ) : null}
      {page === 'usar-pontos' ? <UsarPontos /> : null}
      {page === 'meus-pedidos' ? <MeusPedidos /> : null}
      {page === 'meu-extrato' ? <MeuExtrato /> : null}
    </div>
  )
}
