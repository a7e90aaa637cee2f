import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Extrato, Movimento } from '../../../contract/schemas/club.ts'
import { cx } from '../../../ui/class-names.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { itemsOrPlaceholders, textOrSkeleton } from '../../../ui/skeleton.tsx'
import { useClubExtrato } from '../api.ts'
import { formatLocalDay, monthsWithMovements, movementsOfMonth } from '../months.ts'
import { Balance } from './balance.tsx'

const SKELETON_ROWS = 5

/**
 * /knn-club/meu-extrato: every movement (credits, debits, expired points) with its origin,
 * date and the balance after it (D23), filtered by month on the device, so every
 * month reads offline.
 */
export function MeuExtrato() {
  const { t } = useTranslation('club')
  const data = useClubExtrato()
  return (
    <OfflineContent
      {...data}
      emptyText={t('statement.empty')}
      isEmpty={(extrato) => extrato.movimentos.length === 0}
      skeleton={<Statement />}
    >
      {(extrato) => <Statement extrato={extrato} />}
    </OfflineContent>
  )
}

function Statement({ extrato }: { extrato?: Extrato }) {
  const { t } = useTranslation('club')
  const months = t('months', { returnObjects: true })
  const [month, setMonth] = useState<string | null>(null)
  const selectId = useId()
  const shown = extrato ? movementsOfMonth(extrato.movimentos, month) : undefined
  const label = (key: string) => {
    const [year, number] = key.split('-')
    return t('statement.monthOf', { month: months[Number(number) - 1], year })
  }
  return (
    <div className="stack">
      <Balance extrato={extrato} />
      <div className="club-filter">
        <label htmlFor={selectId}>{t('statement.month')}</label>
        <select id={selectId} value={month ?? ''} disabled={!extrato} onChange={(event) => setMonth(event.target.value || null)}>
          <option value="">{t('statement.allMonths')}</option>
          {extrato
            ? monthsWithMovements(extrato.movimentos).map((key) => (
                <option key={key} value={key}>
                  {label(key)}
                </option>
              ))
            : null}
        </select>
      </div>
      {shown && shown.length === 0 ? (
        <p className="ui-empty">{t('statement.emptyMonth')}</p>
      ) : (
        <ul className="club-list">
          {itemsOrPlaceholders(shown, SKELETON_ROWS).map((movimento, i) => (
            <li key={movimento?.id ?? i}>
              <MovementRow movimento={movimento} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function MovementRow({ movimento }: { movimento?: Movimento }) {
  const { t } = useTranslation('club')
  const sign = movimento?.tipo === 'credito' ? '+' : '−'
  return (
    <article
      className={cx('club-row', movimento && `club-row--${movimento.tipo}`)}
      aria-label={movimento ? `${t(`statement.tipo.${movimento.tipo}`)}: ${movimento.descricao}` : undefined}
      aria-hidden={movimento ? undefined : true}
      data-testid={movimento ? 'club-movement' : undefined}
    >
      <div className="club-row__what">
        <span className="club-row__name">{textOrSkeleton(movimento, (m) => m.descricao, '12rem')}</span>
        <span className="club-row__meta">
          {textOrSkeleton(movimento, (m) => `${t(`statement.origem.${m.origem}`)} · ${formatLocalDay(m.data)}`, '9rem')}
        </span>
      </div>
      <div className="club-row__right">
        <span className="club-row__points">{textOrSkeleton(movimento, (m) => `${sign}${t('points', { count: m.pontos })}`, '5rem')}</span>
        <span className="club-row__meta">
          {textOrSkeleton(movimento, (m) => t('statement.balanceAfter', { points: t('points', { count: m.saldo_apos }) }), '6rem')}
        </span>
      </div>
    </article>
  )
}
