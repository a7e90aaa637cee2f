import '../manager-panel.css'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useId, useState, type ReactNode } from 'react'
import type { PushSending } from '../../../contract/schemas/push.ts'
import { PUSH_BODY_MAX, PUSH_TITLE_MAX } from '../../../contract/schemas/push.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../../ui/card.tsx'
import { ChoiceGroup } from '../../../ui/choice-group.tsx'
import { formatDateTime } from '../../../ui/format.ts'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { Select } from '../../../ui/select.tsx'
import { itemsOrPlaceholders, LoadingStatus, SkeletonText } from '../../../ui/skeleton.tsx'
import { TextField } from '../../../ui/text-field.tsx'
import {
  audienceOptionsQuery,
  sendingLogQuery,
  sendingQuery,
  sendingsQuery,
  studentSearchQuery,
  useDeleteDraft,
  useSaveDraft,
  useSend,
} from '../api.ts'
import {
  audienceLabel,
  DEEP_LINKS,
  draftOf,
  EMPTY_DRAFT,
  scheduledInstant,
  STATUS_LABELS,
  panelLink,
  panelPath,
  validateDraft,
  type Draft,
  type DraftErrors,
} from '../draft.ts'
import { LeadsScreen } from './club-leads.tsx'
import { FieldsSkeleton } from './fields-skeleton.tsx'
import { RewardOrdersScreen } from './club-reward-orders.tsx'
import { RewardFormScreen, RewardsScreen } from './club-rewards.tsx'
import { OrdersScreen } from './orders-screen.tsx'
import { OFFLINE_TEXT, PanelQuery } from './panel-query.tsx'
import { SendingsTable } from './sendings-table.tsx'

/** The panel's screens (issue 11, D7): list, compose, send and history of the school's notifications. */

function PanelNav() {
  return (
    <nav aria-label="Painel da equipe" className="mp-nav">
      <Link {...panelLink('create')} className="ui-button ui-button--primary">
        Nova notificação
      </Link>
      <Link {...panelLink('send')}>Enviar</Link>
      <Link {...panelLink('history')}>Histórico</Link>
      <Link {...panelLink('pedidos')}>Pedidos a atender</Link>
      <Link {...panelLink('indicacoes')}>Indicações</Link>
      <Link {...panelLink('resgates')}>Resgates do KNN Club</Link>
      <Link {...panelLink('recompensas')}>Recompensas</Link>
      <Link {...panelLink('intercambio')}>Intercâmbio</Link>
    </nav>
  )
}

const tableSkeleton = <SendingsTable sendings={itemsOrPlaceholders(undefined, 3)} />

/** The compose form's and the review's labels: the skeletons draw the same ones. */
const LABELS = {
  title: 'Título',
  body: 'Texto',
  link: 'Página que a notificação abre',
  image: 'Imagem (opcional, endereço https)',
  audience: 'Quem recebe',
  devices: 'Aparelhos que recebem hoje',
} as const

/** A saved draft on its way: the form's own fields, with bars for their values. */
const composeSkeleton = <FieldsSkeleton labels={[LABELS.title, LABELS.body, LABELS.link, LABELS.image, LABELS.audience]} />

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

/** /manager-panel and /manager-panel/history: every sending with its counts. */
export function SendingsScreen({ title }: { title: string }) {
  const query = useQuery(sendingsQuery)
  return (
    <div className="page stack">
      <h1 className="page__title">{title}</h1>
      <PanelNav />
      <Card title="Notificações">
        <PanelQuery query={query} skeleton={tableSkeleton}>
          {(sendings) => (sendings.length === 0 ? <p>Nenhuma notificação enviada ainda.</p> : <SendingsTable sendings={sendings} />)}
        </PanelQuery>
      </Card>
    </div>
  )
}

function Preview({ draft }: { draft: Draft }) {
  return (
    <figure className="mp-preview" aria-label="Prévia no celular">
      <div className="mp-preview__notification">
        <p className="mp-preview__title">{draft.title.trim() || 'Título da notificação'}</p>
        <p className="mp-preview__body">{draft.body.trim() || 'O texto aparece aqui.'}</p>
        {draft.imageUrl.startsWith('https://') ? <img className="mp-preview__image" src={draft.imageUrl} alt="" /> : null}
      </div>
      <figcaption className="mp-preview__caption">
        Abre: {DEEP_LINKS.find((link) => link.value === draft.link)?.label ?? draft.link}
      </figcaption>
    </figure>
  )
}

function StudentPicker({ draft, onChange, error }: { draft: Draft; onChange: (draft: Draft) => void; error?: string | undefined }) {
  const [busca, setBusca] = useState('')
  const results = useQuery(studentSearchQuery(busca))
  const chosen = new Set(draft.students.map((student) => student.id))
  return (
    <div className="stack">
      <TextField label="Buscar aluno (nome ou e-mail)" value={busca} onChange={setBusca} type="search" error={error} />
      {draft.students.length > 0 ? (
        <ul className="mp-chips" aria-label="Alunos escolhidos">
          {draft.students.map((student) => (
            <li key={student.id} className="mp-chip">
              {student.full_name ?? student.email ?? `Aluno nº ${student.id}`}
              <button
                type="button"
                className="mp-chip__remove"
                aria-label={`Remover ${student.full_name ?? student.email ?? `aluno nº ${student.id}`}`}
                onClick={() => onChange({ ...draft, students: draft.students.filter((other) => other.id !== student.id) })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {results.data ? (
        results.data.length === 0 ? (
          <p role="status">Nenhum aluno encontrado.</p>
        ) : (
          <ul className="mp-results" aria-label="Alunos encontrados">
            {results.data.map((student) => (
              <li key={student.id}>
                <Button
                  variant="text"
                  disabled={chosen.has(student.id)}
                  onClick={() => onChange({ ...draft, students: [...draft.students, student] })}
                >
                  Adicionar {student.full_name ?? student.email}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  )
}

function ComposeForm({ sending }: { sending: PushSending | null }) {
  const navigate = useNavigate()
  const online = useOnlineStatus()
  const options = useQuery(audienceOptionsQuery)
  const save = useSaveDraft()
  const remove = useDeleteDraft()
  const [draft, setDraft] = useState<Draft>(() => (sending ? draftOf(sending) : EMPTY_DRAFT))
  const [errors, setErrors] = useState<DraftErrors>({})
  const [confirmDelete, setConfirmDelete] = useState(false)
  const linkId = useId()
  const editable = sending === null || sending.status === 'rascunho' || sending.status === 'agendado'
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }))

  async function submit(then: 'stay' | 'send') {
    const result = validateDraft(draft)
    setErrors(result.errors ?? {})
    if (!result.input) return
    // A refused save keeps every field as typed: the draft is in this form's state.
    const saved = await save.mutateAsync({ id: sending?.id, input: result.input }).catch(() => null)
    if (!saved) return
    if (then === 'send') await navigate({ ...panelLink('send', saved.id) })
    else if (!sending) await navigate({ ...panelLink('create', saved.id), replace: true })
  }

  if (!editable) return <Alert tone="info">Esta notificação já foi enviada e não pode mais ser editada.</Alert>

  return (
    <div className="mp-compose">
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void submit('stay')
        }}
      >
        <TextField
          label={LABELS.title}
          value={draft.title}
          onChange={(title) => set({ title })}
          maxLength={PUSH_TITLE_MAX}
          required
          error={errors.title}
          hint={`${draft.title.length} de ${PUSH_TITLE_MAX} caracteres`}
          persistentHint
        />
        <div className="ui-field">
          <label htmlFor={`${linkId}-body`} className="mp-label">
            {LABELS.body}
          </label>
          <textarea
            id={`${linkId}-body`}
            className="mp-textarea"
            value={draft.body}
            maxLength={PUSH_BODY_MAX}
            rows={4}
            required
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={`${linkId}-body-hint`}
            onChange={(event) => set({ body: event.target.value })}
          />
          <p id={`${linkId}-body-hint`} className={errors.body ? 'mp-error' : 'mp-hint'}>
            {errors.body ?? `${draft.body.length} de ${PUSH_BODY_MAX} caracteres`}
          </p>
        </div>
        <Select label={LABELS.link} value={draft.link} onValueChange={(link) => set({ link })} options={DEEP_LINKS} error={errors.link} />
        <TextField
          label={LABELS.image}
          type="url"
          value={draft.imageUrl}
          onChange={(imageUrl) => set({ imageUrl })}
          error={errors.imageUrl}
        />
        <ChoiceGroup
          legend={LABELS.audience}
          value={draft.audienceKind}
          onChange={(audienceKind) => set({ audienceKind })}
          options={[
            { value: 'todos', label: 'Todos os alunos' },
            { value: 'marca', label: 'Uma marca' },
            { value: 'escola', label: 'Uma escola' },
            { value: 'turma', label: 'Uma turma' },
            { value: 'alunos', label: 'Alunos escolhidos' },
          ]}
        />
        {draft.audienceKind === 'marca' ? (
          <Select
            label="Marca"
            value={draft.brand}
            onValueChange={(brand) => set({ brand: brand as Draft['brand'] })}
            options={[
              { value: 'knn', label: 'KNN' },
              { value: 'phenom', label: 'Phenom' },
            ]}
          />
        ) : null}
        {draft.audienceKind === 'escola' ? (
          <Select
            label="Escola"
            value={draft.escolaId}
            onValueChange={(escolaId) => set({ escolaId })}
            options={(options.data?.escolas ?? []).map((escola) => ({ value: String(escola.escola_id), label: escola.nome }))}
            error={errors.audience}
          />
        ) : null}
        {draft.audienceKind === 'turma' ? (
          <Select
            label="Turma"
            value={draft.turmaId}
            onValueChange={(turmaId) => set({ turmaId })}
            options={(options.data?.turmas ?? []).map((turma) => ({ value: String(turma.id), label: `${turma.nome} (${turma.escola})` }))}
            error={errors.audience}
          />
        ) : null}
        {draft.audienceKind === 'alunos' ? <StudentPicker draft={draft} onChange={setDraft} error={errors.audience} /> : null}
        {save.isError ? <Alert tone="error">{save.error.message}</Alert> : null}
        {save.isSuccess && sending ? <Alert tone="success">Rascunho salvo.</Alert> : null}
        {!online ? <Alert tone="warning">{OFFLINE_TEXT}</Alert> : null}
        <div className="mp-actions">
          <Button type="submit" variant="secondary" disabled={!online} loading={save.isPending}>
            Salvar rascunho
          </Button>
          <Button type="button" disabled={!online || save.isPending} onClick={() => void submit('send')}>
            Salvar e revisar envio
          </Button>
          {sending ? (
            confirmDelete ? (
              <span className="mp-confirm" role="group" aria-label="Confirmar exclusão">
                <span>Excluir este rascunho?</span>
                <Button
                  type="button"
                  variant="text"
                  loading={remove.isPending}
                  onClick={() =>
                    void remove.mutateAsync(sending.id).then(
                      () => navigate(panelLink('home')),
                      () => undefined,
                    )
                  }
                >
                  Excluir
                </Button>
                <Button type="button" variant="text" onClick={() => setConfirmDelete(false)}>
                  Cancelar
                </Button>
              </span>
            ) : (
              <Button type="button" variant="text" disabled={!online} onClick={() => setConfirmDelete(true)}>
                Excluir rascunho
              </Button>
            )
          ) : null}
        </div>
        {remove.isError ? <Alert tone="error">{remove.error.message}</Alert> : null}
      </form>
      <Preview draft={draft} />
    </div>
  )
}

/** /manager-panel/create/{id?}: a new notification, or a saved draft to edit. */
export function ComposeScreen({ id }: { id: number | undefined }) {
  const query = useQuery({ ...sendingQuery(id ?? 0), enabled: id !== undefined })
  return (
    <div className="page stack">
      <h1 className="page__title">{id === undefined ? 'Nova notificação' : 'Editar notificação'}</h1>
      <PanelNav />
      <Card>
        {id === undefined ? (
          <ComposeForm sending={null} />
        ) : (
          <PanelQuery query={query} skeleton={composeSkeleton}>
            {(sending) => <ComposeForm key={sending.id} sending={sending} />}
          </PanelQuery>
        )}
      </Card>
    </div>
  )
}

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
        Esta notificação já foi enviada. <Link {...panelLink('history', sending.id)}>Ver o histórico</Link>
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
    if (done) await navigate({ ...panelLink('history', sending.id) })
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
        <Link {...panelLink('create', sending.id)}>Editar</Link>
      </div>
    </div>
  )
}

/** /manager-panel/send/{id?}: the review of one draft before it goes; without an id, the drafts to choose from. */
export function SendScreen({ id }: { id: number | undefined }) {
  const one = useQuery({ ...sendingQuery(id ?? 0), enabled: id !== undefined })
  const all = useQuery({ ...sendingsQuery, enabled: id === undefined })
  return (
    <div className="page stack">
      <h1 className="page__title">Enviar notificação</h1>
      <PanelNav />
      <Card>
        {id === undefined ? (
          <PanelQuery query={all} skeleton={tableSkeleton}>
            {(sendings) => {
              const drafts = sendings.filter((sending) => sending.status === 'rascunho')
              return drafts.length === 0 ? (
                <p>Nenhum rascunho para enviar. Crie uma notificação primeiro.</p>
              ) : (
                <ul className="mp-drafts">
                  {drafts.map((draft) => (
                    <li key={draft.id}>
                      <Link {...panelLink('send', draft.id)}>{draft.title}</Link>
                    </li>
                  ))}
                </ul>
              )
            }}
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

const DELIVERY_LABELS = { queued: 'Na fila', sent: 'Enviada', failed: 'Falhou', gone: 'Inativa' } as const

/** /manager-panel/history/{id}: one sending's counts and its delivery log, updated while it runs. */
export function SendingLogScreen({ id }: { id: number }) {
  const query = useQuery(sendingLogQuery(id))
  const options = useQuery(audienceOptionsQuery)
  return (
    <div className="page stack">
      <h1 className="page__title">Histórico do envio</h1>
      <PanelNav />
      <PanelQuery query={query} skeleton={<Card isLoading skeletonRows={4} skeletonColumns={4} />}>
        {({ sending, deliveries }) => (
          <>
            <Card title={sending.title}>
              <p>{sending.body}</p>
              <p>
                <span className={`mp-status mp-status--${sending.status}`}>{STATUS_LABELS[sending.status]}</span>{' '}
                {audienceLabel(sending.audience, options.data)}
                {sending.scheduled_for && sending.status === 'agendado'
                  ? ` · agendada para ${formatDateTime(new Date(sending.scheduled_for))}`
                  : ''}
              </p>
              <SendingsTable sendings={[sending]} />
            </Card>
            <Card title="Entregas">
              {deliveries.length === 0 ? (
                <p>
                  {sending.status === 'agendado'
                    ? 'As entregas começam no horário agendado.'
                    : 'Nenhuma entrega: nenhum aparelho deste público ativou as notificações.'}
                </p>
              ) : (
                <div className="mp-table-wrap">
                  <table className="mp-table">
                    <caption className="u-visually-hidden">Entregas por aparelho</caption>
                    <thead>
                      <tr>
                        <th scope="col">Aluno</th>
                        <th scope="col">Aparelho</th>
                        <th scope="col">Situação</th>
                        <th scope="col" className="mp-table__number">
                          Tentativas
                        </th>
                        <th scope="col">Atualizada</th>
                      </tr>
                    </thead>
                    <tbody>
                      {deliveries.map((delivery) => (
                        <tr key={delivery.id} data-testid="delivery-row">
                          <th scope="row">{delivery.full_name ?? 'Aluno removido'}</th>
                          <td>{delivery.device_type === 'mobile' ? 'Celular' : delivery.device_type === 'desktop' ? 'Computador' : '—'}</td>
                          <td>
                            {DELIVERY_LABELS[delivery.status]}
                            {delivery.last_error ? ` (${delivery.last_error})` : ''}
                          </td>
                          <td className="mp-table__number">{delivery.attempts}</td>
                          <td>{formatDateTime(new Date(delivery.updated_at))}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </Card>
          </>
        )}
      </PanelQuery>
    </div>
  )
}

/** The overseas-study review (issue 14): its own chunk, loaded when opened. */
const UsaReview = lazy(() => import('./usa-requests.tsx'))

/** A screen whose code is on its way: the panel's navigation and a card of bars (the heading comes with the screen). */
function ScreenChunkLoading({ nav }: { nav: ReactNode }) {
  return (
    <div className="page stack">
      {nav}
      <Card isLoading skeletonRows={3} skeletonColumns={3} />
    </div>
  )
}

/** The panel's screens by path (one route, src/app/routes/_app/manager-panel/$.tsx). */
export function ManagerPanel({ path }: { path: string }) {
  const { screen, id, novo } = panelPath(path)
  switch (screen) {
    case 'create':
      return <ComposeScreen key={id ?? 'new'} id={id} />
    case 'send':
      return <SendScreen id={id} />
    case 'pedidos':
      return <OrdersScreen nav={<PanelNav />} />
    case 'indicacoes':
      return <LeadsScreen nav={<PanelNav />} />
    case 'resgates':
      return <RewardOrdersScreen nav={<PanelNav />} />
    case 'recompensas':
      return novo || id !== undefined ? (
        <RewardFormScreen key={id ?? 'nova'} id={id} nav={<PanelNav />} />
      ) : (
        <RewardsScreen nav={<PanelNav />} />
      )
    case 'intercambio':
      return (
        <Suspense fallback={<ScreenChunkLoading nav={<PanelNav />} />}>
          <UsaReview id={id} nav={<PanelNav />} />
        </Suspense>
      )
    case 'history':
      return id === undefined ? <SendingsScreen title="Histórico de notificações" /> : <SendingLogScreen id={id} />
    default:
      return <SendingsScreen title="Notificações da escola" />
  }
}
