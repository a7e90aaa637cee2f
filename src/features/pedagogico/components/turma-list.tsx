import '../pedagogico.css'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Turma } from '../../../contract/schemas/turma.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { itemsOrPlaceholders, SkeletonText, textOrSkeleton } from '../../../ui/skeleton.tsx'
import { useTurmas } from '../api/get-turmas.ts'
import { describeSchedule } from '../schedule.ts'

/** /pedagogico/list: the student's classes, readable offline. */
export function TurmaList() {
  const { t } = useTranslation('pedagogico')
  const turmas = useTurmas()
  return (
    <div className="page">
      <h1 className="page__title">{t('title')}</h1>
      <OfflineContent {...turmas} emptyText={t('empty')} isEmpty={(list) => list.length === 0} skeleton={<TurmaCards />}>
        {(list) => <TurmaCards turmas={list} />}
      </OfflineContent>
    </div>
  )
}

/** Cards the skeleton shows: a student has one or two classes. */
const SKELETON_CARDS = 2

/** The classes; without `turmas`, the same cards with bars for their texts (the skeleton). */
function TurmaCards({ turmas }: { turmas?: Turma[] }) {
  return (
    <ul className="turma-list" data-tour={turmas ? 'pedagogico-turmas' : undefined}>
      {itemsOrPlaceholders(turmas, SKELETON_CARDS).map((turma, i) => (
        <li key={turma?.id ?? i}>
          <TurmaCard turma={turma} />
        </li>
      ))}
    </ul>
  )
}

/** A class's sections, the first (its grades) the main action. */
const SECTIONS = [
  { to: '/pedagogico/notas/$id', label: 'grades', labelOf: 'gradesOf' },
  { to: '/pedagogico/minha-pratica/$id', label: 'practice', labelOf: 'practiceOf' },
  { to: '/pedagogico/atividades/$id', label: 'activities', labelOf: 'activitiesOf' },
] as const

function TurmaCard({ turma }: { turma?: Turma }) {
  const { t } = useTranslation('pedagogico')
  const slot = (text: (turma: Turma) => ReactNode, width: string) => textOrSkeleton(turma, text, width)
  const schedule = turma ? describeSchedule(turma.horarios) : undefined
  const headingId = turma ? `turma-${turma.id}` : undefined
  // The skeleton shows the facts every class has (the book only some); a class shows its own.
  const fact = (label: string, value: ReactNode, width: string) => (
    <div>
      <dt>{label}</dt>
      <dd>{turma ? value : <SkeletonText width={width} />}</dd>
    </div>
  )
  return (
    <article className="turma-card" aria-labelledby={headingId} aria-hidden={turma ? undefined : true}>
      <header className="turma-card__header">
        <h2 id={headingId} className="turma-card__name">
          {slot((turma) => turma.nome, '14rem')}
        </h2>
        <p className="turma-card__level">
          {slot(
            (turma) => (
              <>
                {turma.idioma} · {turma.nivel} · {t(`modalidade.${turma.modalidade}`)}
                {turma.somente_digital ? <span className="tag">{t('digitalOnly')}</span> : null}
              </>
            ),
            '11rem',
          )}
        </p>
      </header>
      <dl className="turma-card__facts">
        {fact(t('teacher'), turma?.professor ?? t('noTeacher'), '8rem')}
        {!turma || schedule ? fact(t('schedule'), schedule, '9rem') : null}
        {!turma || turma.sala ? fact(t('room'), turma?.sala, '4rem') : null}
        {turma?.livro ? fact(t('book'), turma.livro.nome, '9rem') : null}
      </dl>
      <div className="turma-card__progress">
        {turma ? <label htmlFor={`progress-${turma.id}`}>{t('progress')}</label> : <span>{t('progress')}</span>}
        <progress id={turma ? `progress-${turma.id}` : undefined} max={100} value={turma?.progresso ?? 0} />
        <span>
          {slot(
            (turma) => t('progressValue', { done: turma.aulas_realizadas, total: turma.aulas_total, percent: Math.round(turma.progresso) }),
            '10rem',
          )}
        </span>
      </div>
      <div className="turma-card__actions" data-tour={turma ? 'pedagogico-secoes' : undefined}>
        {SECTIONS.map(({ to, label, labelOf }, i) =>
          turma ? (
            <Link
              key={to}
              to={to}
              params={{ id: String(turma.id) }}
              className={`ui-button ${i === 0 ? 'ui-button--primary' : 'ui-button--secondary'}`}
              aria-label={t(labelOf, { turma: turma.nome })}
            >
              {t(label)}
            </Link>
          ) : (
            // The skeleton's buttons carry the real labels (they need no data), so they take
            // the real buttons' room and wrap exactly where those do.
            <span key={to} className="ui-button ui-button--secondary" aria-disabled="true">
              {t(label)}
            </span>
          ),
        )}
      </div>
    </article>
  )
}
