import '../aula-online.css'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { AulaOnline } from '../../../contract/schemas/aula-online.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { SkeletonText } from '../../../ui/skeleton.tsx'
import { useAulasOnline } from '../api/aulas-online.ts'
import { formatClock } from '../../../ui/format.ts'
import { formatDay } from '../format.ts'
import { agruparAulas, statusAt } from '../schedule.ts'
import { JoinPanel, useNow } from './join-panel.tsx'

/** /aula-online/list: today's class first (countdown or join), then upcoming and past ones; readable offline. */
export function AulaOnlineList() {
  const { t } = useTranslation('aulaOnline')
  const aulas = useAulasOnline()
  return (
    <div className="page">
      <h1 className="page__title">{t('title')}</h1>
      <OfflineContent {...aulas} emptyText={t('empty')} isEmpty={(list) => list.length === 0} skeleton={<ListSkeleton />}>
        {(list) => <Aulas aulas={list} refresh={aulas.refresh} />}
      </OfflineContent>
    </div>
  )
}

function Aulas({ aulas, refresh }: { aulas: AulaOnline[]; refresh: () => unknown }) {
  const { t } = useTranslation('aulaOnline')
  // Re-grouped each minute: a class that ends moves to the past without a reload.
  const now = useNow(60_000)
  const { hoje, proximas, anteriores } = agruparAulas(aulas, now)
  return (
    <div className="stack">
      <Section id="aula-hoje" title={t('today')}>
        {hoje ? (
          <AulaCard aula={hoje} headingLevel={3} featured>
            <JoinPanel aula={hoje} refresh={refresh} />
          </AulaCard>
        ) : (
          <p className="ui-empty">{t('noClassToday')}</p>
        )}
      </Section>
      <Section id="aulas-proximas" title={t('upcoming')}>
        <AulaItems aulas={proximas} emptyText={t('noUpcoming')} />
      </Section>
      <Section id="aulas-anteriores" title={t('past')}>
        <AulaItems aulas={anteriores} emptyText={t('noPast')} />
      </Section>
    </div>
  )
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="aula-section">
      <h2 id={id} className="aula-section__title">
        {title}
      </h2>
      {children}
    </section>
  )
}

function AulaItems({ aulas, emptyText }: { aulas: AulaOnline[]; emptyText: string }) {
  if (aulas.length === 0) return <p className="aula-section__empty">{emptyText}</p>
  return (
    <ul className="aula-list">
      {aulas.map((aula) => (
        <li key={aula.id}>
          <AulaCard aula={aula} headingLevel={3} />
        </li>
      ))}
    </ul>
  )
}

/** One class: its topic (a link to its details), when, the class and the teacher. */
function AulaCard({
  aula,
  headingLevel,
  featured = false,
  children,
}: {
  aula: AulaOnline
  headingLevel: 3
  featured?: boolean
  children?: ReactNode
}) {
  const { t } = useTranslation('aulaOnline')
  const Heading = `h${headingLevel}` as const
  const status = statusAt(aula, Date.now())
  return (
    <article className={`aula-card${featured ? ' aula-card--featured' : ''}`} aria-labelledby={`aula-${aula.id}`}>
      <header className="aula-card__header">
        <Heading id={`aula-${aula.id}`} className="aula-card__title">
          <Link to="/aula-online/details/$id" params={{ id: String(aula.id) }} aria-label={t('detailsOf', { tema: aula.tema })}>
            {aula.tema}
          </Link>
        </Heading>
        <span className={`status-pill aula-status--${status}`}>{t(`status.${status}`)}</span>
      </header>
      <p className="aula-card__when">
        {t('timeRange', { date: formatDay(aula.inicio), start: formatClock(aula.inicio), end: formatClock(aula.fim) })}
      </p>
      <p className="aula-card__meta">
        {aula.turma_nome} · {t('teacher')}: {aula.professor ?? t('noTeacher')}
      </p>
      {!featured && aula.presenca_em ? <p className="aula-card__meta aula-join__attended">✓ {t('attended')}</p> : null}
      {children}
    </article>
  )
}

/** The list's first screen while its first answer is on its way: today's card and two items. */
function ListSkeleton() {
  const { t } = useTranslation('aulaOnline')
  const card = (key: number, featured = false) => (
    <div key={key} className={`aula-card${featured ? ' aula-card--featured' : ''}`}>
      <p className="aula-card__title">
        <SkeletonText width="14rem" />
      </p>
      <p className="aula-card__when">
        <SkeletonText width="12rem" />
      </p>
      <p className="aula-card__meta">
        <SkeletonText width="16rem" />
      </p>
      {featured ? <span className="ui-button ui-button--secondary aula-join__button">{t('join')}</span> : null}
    </div>
  )
  return (
    <div className="stack" aria-hidden="true">
      <div className="aula-section">
        <p className="aula-section__title">{t('today')}</p>
        {card(0, true)}
      </div>
      <div className="aula-section">
        <p className="aula-section__title">{t('upcoming')}</p>
        {[1, 2].map((key) => card(key))}
      </div>
    </div>
  )
}
