import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Extrato, Recompensa } from '../../../contract/schemas/club.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { itemsOrPlaceholders, textOrSkeleton } from '../../../ui/skeleton.tsx'
import { useClubExtrato, useClubRecompensas, useRedeem } from '../api.ts'
import { Balance } from './balance.tsx'

const SKELETON_ROWS = 4

/**
 * /knn-club/usar-pontos: the catalogue (D24) with cost, stock and whether the balance
 * reaches it; redeeming asks first, is online only, and the balance changes at once.
 */
export function UsarPontos() {
  const { t } = useTranslation('club')
  const extrato = useClubExtrato()
  const recompensas = useClubRecompensas()
  const online = useOnlineStatus()
  const redeem = useRedeem()
  const [chosen, setChosen] = useState<Recompensa | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const saldo = extrato.snapshot?.value.saldo
  return (
    <div className="stack">
      {/* Its bars only while the balance can still arrive: offline with none stored, the catalogue's status says why;
          refused or out of reach, its own reason and retry. */}
      {extrato.snapshot !== null || extrato.isSyncing ? (
        <Balance extrato={extrato.snapshot?.value} />
      ) : extrato.syncError && !extrato.isPaused ? (
        <div className="stack">
          <Alert tone="error">{t('balance.failed')}</Alert>
          <Button variant="secondary" onClick={() => void extrato.refresh()}>
            {t('balance.retry')}
          </Button>
        </div>
      ) : null}
      {done ? <Alert tone="success">{t('rewards.done', { name: done })}</Alert> : null}
      {online ? null : <Alert tone="warning">{t('rewards.offline')}</Alert>}
      <OfflineContent
        {...recompensas}
        emptyText={t('rewards.empty')}
        isEmpty={(list) => list.length === 0}
        skeleton={<RewardList saldo={undefined} canRedeem={false} onRedeem={() => {}} />}
      >
        {(list) => (
          <RewardList
            recompensas={list}
            saldo={saldo}
            canRedeem={online}
            onRedeem={(recompensa, button) => {
              opener.current = button
              setDone(null)
              setChosen(recompensa)
            }}
          />
        )}
      </OfflineContent>
      <ConfirmDialog
        open={chosen !== null}
        title={chosen ? t('rewards.confirmTitle', { name: chosen.nome }) : ''}
        body={chosen ? t('rewards.confirmBody', { points: t('points', { count: chosen.custo }) }) : ''}
        confirmLabel={t('rewards.confirm')}
        cancelLabel={t('rewards.cancel')}
        danger={false}
        opener={opener}
        onClose={() => setChosen(null)}
        onConfirm={async () => {
          if (!chosen) return
          await redeem(chosen)
          setDone(chosen.nome)
        }}
      />
    </div>
  )
}

function RewardList({
  recompensas,
  saldo,
  canRedeem,
  onRedeem,
}: {
  recompensas?: Recompensa[]
  saldo: Extrato['saldo'] | undefined
  canRedeem: boolean
  onRedeem: (recompensa: Recompensa, button: HTMLButtonElement) => void
}) {
  const { t } = useTranslation('club')
  return (
    <ul className="club-rewards">
      {itemsOrPlaceholders(recompensas, SKELETON_ROWS).map((recompensa, i) => {
        const soldOut = recompensa?.estoque === 0
        const reachable = recompensa !== undefined && saldo !== undefined && saldo >= recompensa.custo
        return (
          <li key={recompensa?.id ?? i}>
            <article
              className="club-reward"
              aria-label={recompensa?.nome}
              aria-hidden={recompensa ? undefined : true}
              data-testid={recompensa ? 'club-reward' : undefined}
            >
              <h2 className="club-reward__name">{textOrSkeleton(recompensa, (r) => r.nome, '10rem')}</h2>
              <p className="club-reward__description">{textOrSkeleton(recompensa, (r) => r.descricao, '14rem')}</p>
              <p className="club-reward__facts">
                <span className="club-reward__cost">{textOrSkeleton(recompensa, (r) => t('points', { count: r.custo }), '5rem')}</span>
                <span className="club-reward__stock">
                  {textOrSkeleton(
                    recompensa,
                    (r) => (r.estoque === 0 ? t('rewards.soldOut') : t('rewards.stock', { count: r.estoque })),
                    '5rem',
                  )}
                </span>
                {recompensa && saldo !== undefined && !soldOut ? (
                  <span className={reachable ? 'club-reward__reach' : 'club-reward__missing'}>
                    {reachable
                      ? t('rewards.reachable')
                      : t('rewards.missing', { points: t('points', { count: recompensa.custo - saldo }) })}
                  </span>
                ) : null}
              </p>
              {recompensa ? (
                <Button
                  variant="secondary"
                  disabled={!canRedeem || soldOut || !reachable}
                  aria-label={t('rewards.redeemNamed', { name: recompensa.nome })}
                  onClick={(event) => onRedeem(recompensa, event.currentTarget)}
                >
                  {t('rewards.redeem')}
                </Button>
              ) : null}
            </article>
          </li>
        )
      })}
    </ul>
  )
}
