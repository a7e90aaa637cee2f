import '../pedagogico.css'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { Turma } from '../../../contract/schemas/turma.ts'
import { compareIso, formatDate, formatGrade } from '../../../ui/format.ts'
import { OfflineCard } from '../../../ui/offline-content.tsx'
import { Summary } from '../../../ui/summary.tsx'
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
        const [first, ...later] = today
        if (first) {
          return (
            <Summary
              figure={`${first.horario.inicio}–${first.horario.fim}`}
              lines={[
                `${first.turma.nome}${first.turma.sala ? ` · ${first.turma.sala}` : ''}`,
                later.map(({ turma, horario }) => `${horario.inicio}–${horario.fim} ${turma.nome}`).join(' · '),
              ]}
            />
          )
        }
        // isEmpty: with no class today there is a next one.
        const next = nextMeeting(turmas, now)!
        const day = next.daysAhead === 1 ? t('cards.tomorrow') : t('cards.inDays', { count: next.daysAhead })
        return (
          <Summary
            figure={<span className="summary-figure__text">{t('cards.noClassToday')}</span>}
            lines={[t('cards.next', { when: `${day}, ${next.horario.inicio}` }), next.turma.nome]}
          />
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
        <Summary
          figure={formatGrade(latest!.avaliacao.nota!)}
          isBelow={latest!.avaliacao.nota! < latest!.passMark}
          lines={[`${latest!.avaliacao.nome} · ${formatDate(latest!.avaliacao.data!)}`, latest!.turma.nome]}
        />
      )}
    </OfflineCard>
  )
}
