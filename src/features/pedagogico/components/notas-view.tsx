import '../pedagogico.css'
import type { ReactElement, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Avaliacao, NotasAtHome, NotasTurma } from '../../../contract/schemas/turma.ts'
import { Card } from '../../../ui/card.tsx'
import { cx } from '../../../ui/class-names.ts'
import { formatDate, formatGrade } from '../../../ui/format.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { offlineStateOf } from '../../../ui/offline-state.ts'
import { PageHeader } from '../../../ui/page-header.tsx'
import { SkeletonText, textOrSkeleton } from '../../../ui/skeleton.tsx'
import { useNotasDaTurma } from '../api/get-turmas.ts'

/** /pedagogico/notas/{id}: each assessment, its grade, the average and the pass mark. */
export function NotasView({ turmaId }: { turmaId: number }) {
  const { t } = useTranslation('pedagogico')
  const data = useNotasDaTurma(turmaId)
  const turma = data.snapshot?.value?.turma
  const loading = offlineStateOf(data) === 'loading'
  return (
    <div className="page">
      <PageHeader back="/pedagogico/list" backLabel={t('notas.back')} title={t('notas.title')} subtitle={turma?.nome} loading={loading} />
      <OfflineContent
        {...data}
        emptyText={t('notas.notFound')}
        isEmpty={(value) => value === undefined}
        skeleton={
          <div className="stack">
            <Resumo />
            <Avaliacoes />
          </div>
        }
      >
        {(value) => (
          <div className="stack">
            <Resumo notas={value!.notas.notas} />
            <Avaliacoes notas={value!.notas.notas} />
            {value!.notas.athome ? <AtHome athome={value!.notas.athome} passMark={value!.notas.notas.nota_minima} /> : null}
          </div>
        )}
      </OfflineContent>
    </div>
  )
}

/** Rows the skeleton of the assessments shows. */
const SKELETON_ROWS = 4

/** The average, the pass mark and the situation; without `notas`, their skeleton. */
function Resumo({ notas }: { notas?: NotasTurma }) {
  const { t } = useTranslation('pedagogico')
  const below = notas !== undefined && notas.media !== null && notas.media < notas.nota_minima
  return (
    <section className="grade-summary" aria-label={t('notas.average')} aria-hidden={notas ? undefined : true}>
      <div className={`grade-summary__average${below ? ' is-below' : ''}`}>
        <span className="grade-summary__label">{t('notas.average')}</span>
        <span className="grade-summary__value" data-testid={notas ? 'media' : undefined}>
          {textOrSkeleton(notas, (notas) => (notas.media === null ? t('notas.noAverage') : formatGrade(notas.media)), '3.5rem')}
        </span>
      </div>
      <div className="grade-summary__pass">
        <span className="grade-summary__label">{t('notas.passMark')}</span>
        <span className="grade-summary__value">{textOrSkeleton(notas, (notas) => formatGrade(notas.nota_minima), '3.5rem')}</span>
      </div>
      <div className="grade-summary__situation">
        <span className={cx('status-pill', notas && `status-pill--${notas.situacao}`)}>
          {textOrSkeleton(notas, (notas) => t(`notas.situacao.${notas.situacao}`), '6rem')}
        </span>
      </div>
    </section>
  )
}

/** The assessments; without `notas`, the card with skeleton rows. */
function Avaliacoes({ notas }: { notas?: NotasTurma }) {
  const { t } = useTranslation('pedagogico')
  return (
    <Card title={t('notas.assessments')}>
      {notas?.avaliacoes.length === 0 ? (
        <p className="ui-empty">{t('notas.noAssessments')}</p>
      ) : (
        <ul className="grade-list">
          {notas
            ? notas.avaliacoes.map((avaliacao) => <GradeRow key={avaliacao.id} avaliacao={avaliacao} passMark={notas.nota_minima} />)
            : Array.from({ length: SKELETON_ROWS }, (_, i) => <GradeRowSkeleton key={i} />)}
        </ul>
      )}
    </Card>
  )
}

function GradeRow({ avaliacao, passMark }: { avaliacao: Avaliacao; passMark: number }) {
  const { t } = useTranslation('pedagogico')
  return (
    <GradeListRow
      name={avaliacao.nome}
      meta={
        <>
          {t(`notas.tipo.${avaliacao.tipo}`)} · {t('notas.weight', { weight: formatGrade(avaliacao.peso) })}
          {avaliacao.data ? ` · ${formatDate(avaliacao.data)}` : ''}
        </>
      }
      grade={avaliacao.nota}
      passMark={passMark}
    />
  )
}

function GradeRowSkeleton() {
  return <GradeListRow name={<SkeletonText width="9rem" />} meta={<SkeletonText width="12rem" />} grade={<SkeletonText width="2.5rem" />} />
}

/**
 * One row of a grade list (assessments, at-home activities): what, details and the grade,
 * "pendente" while there is none; the skeleton's rows pass bars for all three.
 */
function GradeListRow({
  name,
  meta,
  grade,
  passMark = 0,
}: {
  name: ReactNode
  meta: ReactNode
  grade: number | null | ReactElement
  passMark?: number
}) {
  const { t } = useTranslation('pedagogico')
  const below = typeof grade === 'number' && grade < passMark
  return (
    <li className="grade-list__row">
      <div className="grade-list__what">
        <span className="grade-list__name">{name}</span>
        <span className="grade-list__meta">{meta}</span>
      </div>
      <span className={cx('grade-list__grade', below && 'is-below', grade === null && 'is-pending')}>
        {grade === null ? t('notas.pending') : typeof grade === 'number' ? formatGrade(grade) : grade}
        {below ? <span className="u-visually-hidden"> ({t('notas.belowPass')})</span> : null}
      </span>
    </li>
  )
}

function AtHome({ athome, passMark }: { athome: NotasAtHome; passMark: number }) {
  const { t } = useTranslation('pedagogico')
  return (
    <Card title={t('notas.athome')}>
      {athome.atividades.length === 0 ? (
        <p className="ui-empty">{t('notas.noAthome')}</p>
      ) : (
        <ul className="grade-list">
          {athome.atividades.map((atividade) => (
            <GradeListRow
              key={atividade.id}
              name={atividade.atividade}
              meta={[atividade.unidade, atividade.data ? formatDate(atividade.data) : null].filter(Boolean).join(' · ')}
              grade={atividade.nota}
              passMark={passMark}
            />
          ))}
        </ul>
      )}
    </Card>
  )
}
