import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CurrentUser } from '../../../contract/schemas/user.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { joinClub, useClubExtrato } from '../api.ts'
import { Balance } from './balance.tsx'
import { EarnWays } from './earn-ways.tsx'

/** /knn-club/meu-clube: the rules (D23–D26); a member's balance, a non-member's "Participar". */
export function MeuClube({ member, onUserUpdated }: { member: boolean; onUserUpdated: (user: CurrentUser) => void }) {
  const { t } = useTranslation('club')
  const [joined, setJoined] = useState(false)
  return (
    <div className="stack">
      {member && joined ? <Alert tone="success">{t('join.joined')}</Alert> : null}
      {member ? (
        <MemberBalance />
      ) : (
        <Join
          onJoined={(user) => {
            setJoined(true)
            onUserUpdated(user)
          }}
        />
      )}
      <section className="club-rules" aria-labelledby="club-earn">
        <p>{t('about.intro')}</p>
        <h2 id="club-earn">{t('about.earnTitle')}</h2>
        <EarnWays />
        <h2>{t('about.spendTitle')}</h2>
        <ul>
          <li>{t('about.spendRewards')}</li>
          <li>{t('about.spendExpiry')}</li>
        </ul>
      </section>
    </div>
  )
}

function MemberBalance() {
  const data = useClubExtrato()
  return (
    <OfflineContent {...data} emptyText="" skeleton={<Balance />}>
      {(extrato) => <Balance extrato={extrato} />}
    </OfflineContent>
  )
}

/** "Participar" (`PUT /users/is_club/`): the session keeps the updated user, so the club opens at once. */
function Join({ onJoined }: { onJoined: (user: CurrentUser) => void }) {
  const { t } = useTranslation('club')
  const online = useOnlineStatus()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  return (
    <section className="club-join stack">
      <p>{t('join.notMember')}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {online ? null : <Alert tone="warning">{t('join.offline')}</Alert>}
      <Button
        loading={busy}
        disabled={!online}
        onClick={() => {
          setBusy(true)
          setError(null)
          joinClub()
            .then(onJoined)
            .catch((caught: unknown) => setError((caught as Error).message))
            .finally(() => setBusy(false))
        }}
      >
        {t('join.button')}
      </Button>
    </section>
  )
}
