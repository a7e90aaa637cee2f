import '../pedagogico.css'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { Avaliacao, NotasAtHome, NotasTurma } from '../../../api/schemas/turma.ts'
import { Card } from '../../../ui/card.tsx'
import { formatDate, formatGrade } from '../../../ui/format.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { useNotasDaTurma } from '../api/get-turmas.ts'

/** /pedagogico/notas/{id}: each assessment, its grade, the average and the pass mark. */
export function NotasView({ turmaId }: { turmaId: number }) {
  const { t } = useTranslation('pedagogico')
  const data = useNotasDaTurma(turmaId)
  const turma = data.snapshot?.value?.turma
  return (
    <div className="page">
      <Link to="/pedagogico/list" className="back-link">
        ← {t('notas.back')}
      </Link>
      <h1 className="page__title">
        {t('notas.title')}
        {turma ? <span className="page__subtitle">{turma.nome}</span> : null}
      </h1>
      <OfflineContent {...data} emptyText={t('notas.notFound')} isEmpty={(value) => value === undefined}>
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

function Resumo({ notas }: { notas: NotasTurma }) {
  const { t } = useTranslation('pedagogico')
  const below = notas.media !== null && notas.media < notas.nota_minima
  return (
    <section className="grade-summary" aria-label={t('notas.average')}>
      <div className={`grade-summary__average${below ? ' is-below' : ''}`}>
        <span className="grade-summary__label">{t('notas.average')}</span>
        <span className="grade-summary__value" data-testid="media">
          {notas.media === null ? t('notas.noAverage') : formatGrade(notas.media)}
        </span>
      </div>
      <div className="grade-summary__pass">
        <span className="grade-summary__label">{t('notas.passMark')}</span>
        <span className="grade-summary__value">{formatGrade(notas.nota_minima)}</span>
      </div>
      <span className={`status-pill status-pill--${notas.situacao}`}>{t(`notas.situacao.${notas.situacao}`)}</span>
    </section>
  )
}

function Avaliacoes({ notas }: { notas: NotasTurma }) {
  const { t } = useTranslation('pedagogico')
  return (
    <Card title={t('notas.assessments')}>
      {notas.avaliacoes.length === 0 ? (
        <p className="ui-empty">{t('notas.noAssessments')}</p>
      ) : (
        <ul className="grade-list">
          {notas.avaliacoes.map((avaliacao) => (
            <GradeRow key={avaliacao.id} avaliacao={avaliacao} passMark={notas.nota_minima} />
          ))}
        </ul>
      )}
    </Card>
  )
}

function GradeRow({ avaliacao, passMark }: { avaliacao: Avaliacao; passMark: number }) {
  const { t } = useTranslation('pedagogico')
  const below = avaliacao.nota !== null && avaliacao.nota < passMark
  return (
    <li className="grade-list__row">
      <div className="grade-list__what">
        <span className="grade-list__name">{avaliacao.nome}</span>
        <span className="grade-list__meta">
          {t(`notas.tipo.${avaliacao.tipo}`)} · {t('notas.weight', { weight: formatGrade(avaliacao.peso) })}
          {avaliacao.data ? ` · ${formatDate(avaliacao.data)}` : ''}
        </span>
      </div>
      <span className={`grade-list__grade${below ? ' is-below' : ''}${avaliacao.nota === null ? ' is-pending' : ''}`}>
        {avaliacao.nota === null ? t('notas.pending') : formatGrade(avaliacao.nota)}
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
          {athome.atividades.map((atividade) => {
            const below = atividade.nota !== null && atividade.nota < passMark
            return (
              <li className="grade-list__row" key={atividade.id}>
                <div className="grade-list__what">
                  <span className="grade-list__name">{atividade.atividade}</span>
                  <span className="grade-list__meta">
                    {[atividade.unidade, atividade.data ? formatDate(atividade.data) : null].filter(Boolean).join(' · ')}
                  </span>
                </div>
                <span className={`grade-list__grade${below ? ' is-below' : ''}${atividade.nota === null ? ' is-pending' : ''}`}>
                  {atividade.nota === null ? t('notas.pending') : formatGrade(atividade.nota)}
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </Card>
  )
}
