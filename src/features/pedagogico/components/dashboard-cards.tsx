import '../pedagogico.css'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { Turma } from '../../../api/schemas/turma.ts'
import { compareIso, formatDate, formatGrade } from '../../../ui/format.ts'
import { OfflineCard } from '../../../ui/offline-content.tsx'
import { useTurmas, useTurmasComNotas, type TurmaComNotas } from '../api/get-turmas.ts'
import { meetingsOn, nextMeeting } from '../schedule.ts'

/** Dashboard: today's classes, or when the next one is. */
export function TodayClassCard({ now = new Date() }: { now?: Date }) {
  const { t } = useTranslation('pedagogico')
  const data = useTurmas()
  return (
    <OfflineCard
      title={t('cards.today')}
      actions={<Link to="/pedagogico/list">{t('cards.seeClasses')}</Link>}
      data={data}
      isEmpty={(turmas: Turma[]) => meetingsOn(turmas, now).length === 0 && nextMeeting(turmas, now) === null}
      emptyText={t('cards.noClassToday')}
    >
      {(turmas) => {
        const today = meetingsOn(turmas, now)
        const next = today.length === 0 ? nextMeeting(turmas, now) : null
        return today.length > 0 ? (
          <ul className="summary-list">
            {today.map(({ turma, horario }) => (
              <li key={`${turma.id}-${horario.inicio}`}>
                <strong>
                  {horario.inicio}–{horario.fim}
                </strong>{' '}
                {turma.nome}
                {turma.sala ? ` · ${turma.sala}` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p className="summary-text">
            {t('cards.noClassToday')}
            {next ? (
              <>
                {' '}
                {t('cards.next', {
                  when: `${next.daysAhead === 1 ? t('cards.tomorrow') : t('cards.inDays', { count: next.daysAhead })}, ${next.horario.inicio} — ${next.turma.nome}`,
                })}
              </>
            ) : null}
          </p>
        )
      }}
    </OfflineCard>
  )
}

function latestGrade(list: TurmaComNotas[]) {
  return list
    .flatMap(({ turma, notas }) =>
      notas.notas.avaliacoes
        .filter((a) => a.nota !== null && a.data)
        .map((avaliacao) => ({ turma, avaliacao, passMark: notas.notas.nota_minima })),
    )
    .sort((a, b) => compareIso(b.avaliacao.data!, a.avaliacao.data!))[0]
}

/** Dashboard: the most recent grade across the student's classes. */
export function LatestGradeCard() {
  const { t } = useTranslation('pedagogico')
  const data = useTurmasComNotas()
  const latest = data.snapshot ? latestGrade(data.snapshot.value) : undefined
  return (
    <OfflineCard
      title={t('cards.latestGrade')}
      actions={
        latest ? (
          <Link to="/pedagogico/notas/$id" params={{ id: String(latest.turma.id) }}>
            {t('cards.seeGrades')}
          </Link>
        ) : null
      }
      data={data}
      isEmpty={(list) => latestGrade(list) === undefined}
      emptyText={t('cards.noGrades')}
    >
      {() => (
        <p className="summary-text">
          <span className={`summary-figure${latest!.avaliacao.nota! < latest!.passMark ? ' is-below' : ''}`}>
            {formatGrade(latest!.avaliacao.nota!)}
          </span>
          <span>
            {latest!.avaliacao.nome} · {latest!.turma.nome} · {formatDate(latest!.avaliacao.data!)}
          </span>
        </p>
      )}
    </OfflineCard>
  )
}
