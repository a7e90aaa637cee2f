import '../pedagogico.css'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { Turma } from '../../../api/schemas/turma.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { useTurmas } from '../api/get-turmas.ts'
import { describeSchedule } from '../schedule.ts'

/** /pedagogico/list: the student's classes, readable offline. */
export function TurmaList() {
  const { t } = useTranslation('pedagogico')
  const turmas = useTurmas()
  return (
    <div className="page">
      <h1 className="page__title">{t('title')}</h1>
      <OfflineContent {...turmas} emptyText={t('empty')} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <ul className="turma-list" data-tour="pedagogico-turmas">
            {list.map((turma) => (
              <li key={turma.id}>
                <TurmaCard turma={turma} />
              </li>
            ))}
          </ul>
        )}
      </OfflineContent>
    </div>
  )
}

function TurmaCard({ turma }: { turma: Turma }) {
  const { t } = useTranslation('pedagogico')
  const schedule = describeSchedule(turma.horarios)
  const headingId = `turma-${turma.id}`
  return (
    <article className="turma-card" aria-labelledby={headingId}>
      <header className="turma-card__header">
        <h2 id={headingId} className="turma-card__name">
          {turma.nome}
        </h2>
        <p className="turma-card__level">
          {turma.idioma} · {turma.nivel} · {t(`modalidade.${turma.modalidade}`)}
          {turma.somente_digital ? <span className="tag">{t('digitalOnly')}</span> : null}
        </p>
      </header>
      <dl className="turma-card__facts">
        <div>
          <dt>{t('teacher')}</dt>
          <dd>{turma.professor ?? t('noTeacher')}</dd>
        </div>
        {schedule ? (
          <div>
            <dt>{t('schedule')}</dt>
            <dd>{schedule}</dd>
          </div>
        ) : null}
        {turma.sala ? (
          <div>
            <dt>{t('room')}</dt>
            <dd>{turma.sala}</dd>
          </div>
        ) : null}
        {turma.livro ? (
          <div>
            <dt>{t('book')}</dt>
            <dd>{turma.livro.nome}</dd>
          </div>
        ) : null}
      </dl>
      <div className="turma-card__progress">
        <label htmlFor={`progress-${turma.id}`}>{t('progress')}</label>
        <progress id={`progress-${turma.id}`} max={100} value={turma.progresso} />
        <span>{t('progressValue', { done: turma.aulas_realizadas, total: turma.aulas_total, percent: Math.round(turma.progresso) })}</span>
      </div>
      <div className="turma-card__actions" data-tour="pedagogico-secoes">
        <Link
          to="/pedagogico/notas/$id"
          params={{ id: String(turma.id) }}
          className="ui-button ui-button--primary"
          aria-label={t('gradesOf', { turma: turma.nome })}
        >
          {t('grades')}
        </Link>
        <span className="ui-button ui-button--secondary" aria-disabled="true">
          {t('practice')} <small>· {t('soon')}</small>
        </span>
      </div>
    </article>
  )
}
