import { useTranslation } from 'react-i18next'
import type { Extrato } from '../../../contract/schemas/club.ts'
import { formatLocalDay } from '../months.ts'
import { textOrSkeleton } from '../../../ui/skeleton.tsx'

/** The balance and what expires in the next 30 days (D23); without `extrato`, its skeleton. */
export function Balance({ extrato }: { extrato?: Extrato }) {
  const { t } = useTranslation('club')
  return (
    <section className="club-balance" aria-label={t('balance.label')}>
      <div className="club-balance__item">
        <span className="club-balance__label">{t('balance.label')}</span>
        <span className="club-balance__value" data-testid="club-saldo">
          {textOrSkeleton(extrato, (e) => t('points', { count: e.saldo }), '6rem')}
        </span>
      </div>
      <div className="club-balance__item">
        <span className="club-balance__label">{t('balance.expiring')}</span>
        <span className="club-balance__expiring">
          {textOrSkeleton(
            extrato,
            (e) =>
              e.expirando_30_dias > 0 && e.proxima_expiracao
                ? t('balance.expiringUntil', {
                    points: t('points', { count: e.expirando_30_dias }),
                    date: formatLocalDay(e.proxima_expiracao),
                  })
                : t('balance.noneExpiring'),
            '8rem',
          )}
        </span>
      </div>
    </section>
  )
}
