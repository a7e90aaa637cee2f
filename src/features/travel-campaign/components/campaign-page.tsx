import '../travel-campaign.css'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { CampanhaViagem } from '../../../contract/schemas/travel-campaign.ts'
import type { TravelCampaignState } from '../../../db/database.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { SkeletonText } from '../../../ui/skeleton.tsx'
import { joinCampaign, retryRefusedCodes, useRefreshTravelCampaign, useTravelCampaign } from '../api.ts'
import type { ScannedCode } from '../scan-url.ts'
import { campaignStateOf, formatDay } from '../standing.ts'
import { CampaignScanner } from './campaign-scanner.tsx'
import { CodeList } from './code-list.tsx'

/**
 * /knn-abre-o-mundo (issue 14, D27): the open campaign (period, prize, rules, whether it is
 * open), "Participar" accepting the rules, the student's entries and codes (the server's and
 * those waiting in the outbox), and "Escanear código". Readable offline once loaded.
 */
export function CampaignPage({ userId, onScanned }: { userId: number; onScanned: (code: ScannedCode) => void }) {
  const { t } = useTranslation('travelCampaign')
  const data = useTravelCampaign()
  return (
    <div className="page campaign">
      <h1 className="page__title">{t('title')}</h1>
      <OfflineContent {...data} emptyText={t('noCampaign')} isEmpty={(state) => state.campanha === null} skeleton={<CampaignSkeleton />}>
        {(state) => <Campaign state={state as TravelCampaignState & { campanha: CampanhaViagem }} userId={userId} onScanned={onScanned} />}
      </OfflineContent>
    </div>
  )
}

function Campaign({
  state,
  userId,
  onScanned,
}: {
  state: TravelCampaignState & { campanha: CampanhaViagem }
  userId: number
  onScanned: (code: ScannedCode) => void
}) {
  const { t } = useTranslation('travelCampaign')
  const { campanha } = state
  const [scanning, setScanning] = useState(false)
  const [joined, setJoined] = useState(false)
  const codigos = state.codigos.filter((codigo) => codigo.campanha_id === campanha.id)
  return (
    <div className="stack">
      <CampaignSummary campanha={campanha}>
        {campanha.inscrito_em ? (
          <div className="campaign__standing" data-testid="campaign-standing">
            <p>{t('standing.enrolled', { date: formatDay(campanha.inscrito_em) })}</p>
            <p className="campaign__entries">
              <strong>{t('standing.entries', { count: campanha.entradas })}</strong>
            </p>
          </div>
        ) : null}
      </CampaignSummary>
      {joined ? (
        <Alert tone="success" role="status">
          {t('join.joined')}
        </Alert>
      ) : null}
      {campanha.inscrito_em ? (
        scanning ? (
          <CampaignScanner onScanned={onScanned} onClose={() => setScanning(false)} />
        ) : (
          <Button block onClick={() => setScanning(true)}>
            {t('scan.open')}
          </Button>
        )
      ) : null}
      <section aria-labelledby="campaign-rules" className="campaign__section">
        <h2 id="campaign-rules">{t('rules')}</h2>
        <div className="campaign__rules">
          {campanha.regulamento.split('\n').map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </div>
        {campanha.inscrito_em ? null : (
          <Join campanha={campanha} userId={userId} validated={codigos.map((codigo) => codigo.codigo)} onJoined={() => setJoined(true)} />
        )}
      </section>
      <CodeList userId={userId} codigos={codigos} />
    </div>
  )
}

/** The campaign's name, text, period, state and prize; the standing goes inside. */
function CampaignSummary({ campanha, children }: { campanha?: CampanhaViagem; children?: ReactNode }) {
  const { t } = useTranslation('travelCampaign')
  const state = campanha ? campaignStateOf(campanha) : undefined
  return (
    <section className="campaign__summary" aria-labelledby="campaign-name">
      <h2 id="campaign-name">{campanha ? campanha.nome : <SkeletonText width="50%" />}</h2>
      <p>{campanha ? campanha.descricao : <SkeletonText width="90%" />}</p>
      <p className="campaign__period">
        {campanha ? t('period', { inicio: formatDay(campanha.inicio), fim: formatDay(campanha.fim) }) : <SkeletonText width="40%" />}
        {state ? <span className={`status-pill campaign__pill--${state}`}>{t(`state.${state}`)}</span> : null}
      </p>
      <h3>{t('prize')}</h3>
      <p>{campanha ? campanha.premio : <SkeletonText width="80%" />}</p>
      {children}
    </section>
  )
}

function CampaignSkeleton() {
  return (
    <div className="stack" aria-hidden="true">
      <CampaignSummary />
    </div>
  )
}

/**
 * "Participar": the rules accepted with a checkbox, then `POST /travel-campaigns/` (online
 * only). Then the codes refused before joining go again and the campaign is read again, before
 * "Pronto!": the standing, the codes and the message all say the student takes part.
 */
function Join({
  campanha,
  userId,
  validated,
  onJoined,
}: {
  campanha: CampanhaViagem
  userId: number
  validated: string[]
  onJoined: () => void
}) {
  const { t } = useTranslation('travelCampaign')
  const online = useOnlineStatus()
  const refresh = useRefreshTravelCampaign()
  const [accepted, setAccepted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const submit = () => {
    if (!accepted) return setError(t('join.mustAccept'))
    setBusy(true)
    setError(null)
    joinCampaign(campanha.id)
      .then(async () => {
        await retryRefusedCodes(userId, new Set(validated)).catch(() => undefined)
        await refresh()
        onJoined()
      })
      .catch((caught: unknown) => setError((caught as Error).message))
      .finally(() => setBusy(false))
  }
  return (
    <div className="campaign__join stack">
      <label className="campaign__accept">
        <input
          type="checkbox"
          checked={accepted}
          onChange={(event) => {
            setAccepted(event.target.checked)
            setError(null)
          }}
        />
        <span>{t('join.accept')}</span>
      </label>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {online ? null : <Alert tone="warning">{t('join.offline')}</Alert>}
      <Button loading={busy} disabled={!online} onClick={submit}>
        {t('join.button')}
      </Button>
    </div>
  )
}
