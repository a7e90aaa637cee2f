import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import type { PushSending } from '../../../contract/schemas/push.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../../ui/card.tsx'
import { ChoiceGroup } from '../../../ui/choice-group.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { LoadingStatus, SkeletonText } from '../../../ui/skeleton.tsx'
import { TextField } from '../../../ui/text-field.tsx'
import { OFFLINE_TEXT, PanelQuery } from '../components/panel-query.tsx'
import { audienceOptionsQuery, draftsQuery, sendingQuery, useSend } from './api.ts'
import { audienceLabel, scheduledInstant } from './draft.ts'
import { LABELS } from './labels.ts'
import { tableSkeleton } from './sendings-screen.tsx'

/** The review's own list, with bars for its values. */
const reviewSkeleton = (
  <>
    <LoadingStatus />
    <dl className="mp-review">
      {[LABELS.title, LABELS.body, LABELS.audience, LABELS.devices].map((label) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            <SkeletonText width="50%" />
          </dd>
        </div>
      ))}
    </dl>
  </>
)

function SendReview({ sending }: { sending: PushSending }) {
  const navigate = useNavigate()
  const online = useOnlineStatus()
  const options = useQuery(audienceOptionsQuery)
  const send = useSend()
  const [when, setWhen] = useState<'now' | 'later'>('now')
  const [local, setLocal] = useState('')
  const [scheduleError, setScheduleError] = useState<string | undefined>()

  if (sending.status !== 'rascunho' && sending.status !== 'agendado')
    return (
      <Alert tone="info">
        Esta notificação já foi enviada.{' '}
        <Link to="/manager-panel/history/{-$id}" params={{ id: String(sending.id) }}>
          Ver o histórico
        </Link>
      </Alert>
    )

  async function confirm() {
    let scheduledFor: string | null = null
    if (when === 'later') {
      scheduledFor = scheduledInstant(local)
      if (!scheduledFor) return setScheduleError('Escolha uma data e hora que ainda não passou')
    }
    setScheduleError(undefined)
    const done = await send.mutateAsync({ id: sending.id, scheduledFor }).catch(() => null)
    if (done) await navigate({ to: '/manager-panel/history/{-$id}', params: { id: String(sending.id) } })
  }

  return (
    <div className="stack">
      <dl className="mp-review">
        <div>
          <dt>{LABELS.title}</dt>
          <dd>{sending.title}</dd>
        </div>
        <div>
          <dt>{LABELS.body}</dt>
          <dd>{sending.body}</dd>
        </div>
        <div>
          <dt>{LABELS.audience}</dt>
          <dd>{audienceLabel(sending.audience, options.data)}</dd>
        </div>
        <div>
          <dt>{LABELS.devices}</dt>
          <dd data-testid="audience-size">{sending.audience_size}</dd>
        </div>
      </dl>
      {sending.audience_size === 0 ? <Alert tone="warning">Nenhum aparelho deste público ativou as notificações ainda.</Alert> : null}
      <ChoiceGroup
        legend="Quando enviar"
        value={when}
        onChange={setWhen}
        options={[
          { value: 'now', label: 'Agora' },
          { value: 'later', label: 'Agendar' },
        ]}
      />
      {when === 'later' ? (
        <TextField label="Data e hora do envio" type="datetime-local" value={local} onChange={setLocal} error={scheduleError} />
      ) : null}
      {send.isError ? <Alert tone="error">{send.error.message}</Alert> : null}
      {!online ? <Alert tone="warning">{OFFLINE_TEXT}</Alert> : null}
      <div className="mp-actions">
        <Button disabled={!online} loading={send.isPending} onClick={() => void confirm()}>
          {when === 'now' ? 'Enviar agora' : 'Agendar envio'}
        </Button>
        <Link to="/manager-panel/create/{-$id}" params={{ id: String(sending.id) }}>
          Editar
        </Link>
      </div>
    </div>
  )
}

/** /manager-panel/send/{id?}: the review of one draft before it goes; without an id, the drafts to choose from. */
export function SendScreen({ id, nav }: { id: number | undefined; nav: ReactNode }) {
  const one = useQuery({ ...sendingQuery(id ?? 0), enabled: id !== undefined })
  const draftList = useQuery({ ...draftsQuery, enabled: id === undefined })
  return (
    <div className="page stack">
      <h1 className="page__title">Enviar notificação</h1>
      {nav}
      <Card>
        {id === undefined ? (
          <PanelQuery query={draftList} skeleton={tableSkeleton}>
            {({ items: drafts }) =>
              drafts.length === 0 ? (
                <p>Nenhum rascunho para enviar. Crie uma notificação primeiro.</p>
              ) : (
                <ul className="mp-drafts">
                  {drafts.map((draft) => (
                    <li key={draft.id}>
                      <Link to="/manager-panel/send/{-$id}" params={{ id: String(draft.id) }}>
                        {draft.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              )
            }
          </PanelQuery>
        ) : (
          <PanelQuery query={one} skeleton={reviewSkeleton}>
            {(sending) => <SendReview sending={sending} />}
          </PanelQuery>
        )}
      </Card>
    </div>
  )
}
