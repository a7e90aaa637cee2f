import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState, type ReactNode } from 'react'
import { saveFailure } from '../../../lib/save-failure.ts'
import { REWARD_DESCRIPTION_MAX_LENGTH, REWARD_NAME_MAX_LENGTH, type Recompensa } from '../../../contract/schemas/club.ts'
import { REQUIRED_MESSAGE } from '../../../contract/schemas/messages.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../../ui/card.tsx'
import { ChoiceGroup } from '../../../ui/choice-group.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { TextField } from '../../../ui/text-field.tsx'
import { rewardCatalogueQuery, useSaveReward } from './api.ts'
import { FieldsSkeleton } from '../components/fields-skeleton.tsx'
import { PanelCards } from '../components/panel-cards.tsx'
import { PanelQuery } from '../components/panel-query.tsx'

/**
 * /manager-panel/recompensas (issue 13, D24, D31): the KNN Club's catalogue, inactive
 * rewards included; /recompensas/nova and /recompensas/{id} its form. The server checks
 * the fields: its 422 issues show under the fields they name, a name already used (409)
 * under the name. An edit sends only the fields changed, so a stock it did not touch is
 * not written back over the units redeemed meanwhile. Online only.
 */

export const REWARDS_OFFLINE_TEXT =
  'O catálogo de recompensas precisa de conexão com a internet. Conecte-se para ver e editar as recompensas.'

const points = (count: number) => (count === 1 ? '1 ponto' : `${count} pontos`)

/** A reward's card: name, active or not, description, cost and stock, image. */
const rewardCard = {
  testId: 'reward-row',
  idPrefix: 'recompensa',
  title: { text: (reward: Recompensa) => reward.nome, width: '10rem' },
  status: { text: (reward: Recompensa) => (reward.ativo ? 'Ativa' : 'Inativa: os alunos não a veem'), width: '5rem' },
  lines: [
    { text: (reward: Recompensa) => reward.descricao || 'Sem descrição.', width: '16rem' },
    {
      text: (reward: Recompensa) =>
        `${points(reward.custo)} · ${reward.estoque === 0 ? 'Esgotada (estoque 0)' : `Estoque: ${reward.estoque}`}`,
      width: '12rem',
    },
    {
      text: (reward: Recompensa) => (reward.imagem ? `Imagem: ${reward.imagem}` : 'Sem imagem'),
      width: '10rem',
      className: 'mp-table__when',
    },
  ],
}

const editLink = (reward: Recompensa) => (
  <Link to="/manager-panel/recompensas/{-$id}" params={{ id: String(reward.id) }} className="ui-button ui-button--secondary">
    Editar<span className="u-visually-hidden"> {reward.nome}</span>
  </Link>
)

const catalogueSkeleton = <PanelCards<Recompensa> items={undefined} {...rewardCard} action={() => null} />

/** /manager-panel/recompensas: every reward, active or not, cheapest first. */
export function RewardsScreen({ nav }: { nav: ReactNode }) {
  const online = useOnlineStatus()
  const query = useQuery(rewardCatalogueQuery)
  return (
    <div className="page stack">
      <h1 className="page__title">Recompensas do KNN Club</h1>
      {nav}
      {!online && query.data ? <Alert tone="warning">{REWARDS_OFFLINE_TEXT}</Alert> : null}
      <Card
        title="Catálogo"
        actions={
          <Link to="/manager-panel/recompensas/{-$id}" params={{ id: 'nova' }} className="ui-button ui-button--primary">
            Nova recompensa
          </Link>
        }
      >
        <PanelQuery query={query} skeleton={catalogueSkeleton} offlineText={REWARDS_OFFLINE_TEXT}>
          {(rewards) =>
            rewards.length === 0 ? (
              <p>Nenhuma recompensa no catálogo ainda. Crie a primeira.</p>
            ) : (
              <PanelCards items={rewards} {...rewardCard} action={editLink} />
            )
          }
        </PanelQuery>
      </Card>
    </div>
  )
}

/** What the form edits: texts as typed. */
interface RewardDraft {
  nome: string
  descricao: string
  imagem: string
  custo: string
  estoque: string
  ativo: 'sim' | 'nao'
}

type RewardField = keyof RewardDraft
const FIELDS: readonly RewardField[] = ['nome', 'descricao', 'imagem', 'custo', 'estoque', 'ativo']
const isRewardField = (key: unknown): key is RewardField => FIELDS.includes(key as RewardField)

const EMPTY: RewardDraft = { nome: '', descricao: '', imagem: '', custo: '', estoque: '', ativo: 'sim' }

const draftOf = (reward: Recompensa): RewardDraft => ({
  nome: reward.nome,
  descricao: reward.descricao,
  imagem: reward.imagem ?? '',
  custo: String(reward.custo),
  estoque: String(reward.estoque),
  ativo: reward.ativo ? 'sim' : 'nao',
})

/**
 * The body to send, or what to fix first: only the numbers are checked here (JSON needs
 * them as numbers); everything else is the server's to judge (its 422 names the field).
 */
function bodyOf(draft: RewardDraft) {
  const errors: Partial<Record<RewardField, string>> = {}
  const whole = (field: 'custo' | 'estoque') => {
    const text = draft[field].trim()
    if (text === '') errors[field] = REQUIRED_MESSAGE
    else if (!/^\d+$/.test(text)) errors[field] = 'Informe um número inteiro, sem pontos nem vírgulas.'
    return Number(text)
  }
  const body = {
    nome: draft.nome,
    descricao: draft.descricao,
    imagem: draft.imagem.trim() === '' ? null : draft.imagem.trim(),
    custo: whole('custo'),
    estoque: whole('estoque'),
    ativo: draft.ativo === 'sim',
  }
  return Object.keys(errors).length > 0 ? { body: null, errors } : { body, errors }
}

function RewardForm({ reward }: { reward: Recompensa | null }) {
  const online = useOnlineStatus()
  const save = useSaveReward()
  const [draft, setDraft] = useState<RewardDraft>(() => (reward ? draftOf(reward) : EMPTY))
  const [errors, setErrors] = useState<Partial<Record<RewardField, string>>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [saved, setSaved] = useState<Recompensa | null>(null)
  const descricaoId = useId()
  const set = (patch: Partial<RewardDraft>) => setDraft((current) => ({ ...current, ...patch }))

  async function submit() {
    setSaved(null)
    setMessage(null)
    const { body, errors: local } = bodyOf(draft)
    setErrors(local)
    if (!body) return
    // An edit sends what changed only, never a stock it did not touch.
    const before = reward ? bodyOf(draftOf(reward)).body : null
    const changes = before
      ? Object.fromEntries(Object.entries(body).filter(([key, value]) => before[key as keyof typeof before] !== value))
      : body
    if (reward && Object.keys(changes).length === 0) return setMessage('Nada mudou: altere um campo antes de salvar.')
    try {
      const result = reward ? await save.mutateAsync({ id: reward.id, body: changes }) : await save.mutateAsync({ id: undefined, body })
      setSaved(result)
      if (!reward) setDraft(EMPTY)
    } catch (error) {
      // A refusal keeps every field as typed: the 422 issues under their fields, a name taken (409) under the name.
      const { fieldErrors, message: other } = saveFailure(error, isRewardField)
      const { email: nameTaken, ...fields } = fieldErrors
      setErrors(nameTaken ? { ...fields, nome: nameTaken } : fields)
      setMessage(other)
    }
  }

  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <TextField
        label="Nome"
        value={draft.nome}
        onChange={(nome) => set({ nome })}
        maxLength={REWARD_NAME_MAX_LENGTH}
        required
        error={errors.nome}
      />
      <div className="ui-field">
        <label htmlFor={descricaoId} className="mp-label">
          Descrição
        </label>
        <textarea
          id={descricaoId}
          className="mp-textarea"
          value={draft.descricao}
          maxLength={REWARD_DESCRIPTION_MAX_LENGTH}
          rows={3}
          aria-invalid={errors.descricao ? true : undefined}
          aria-describedby={`${descricaoId}-hint`}
          onChange={(event) => set({ descricao: event.target.value })}
        />
        <p id={`${descricaoId}-hint`} className={errors.descricao ? 'mp-error' : 'mp-hint'}>
          {errors.descricao ?? `${draft.descricao.length} de ${REWARD_DESCRIPTION_MAX_LENGTH} caracteres`}
        </p>
      </div>
      <TextField
        label="Imagem (opcional)"
        value={draft.imagem}
        onChange={(imagem) => set({ imagem })}
        hint="Um endereço https:// ou um caminho do portal começando com /"
        persistentHint
        error={errors.imagem}
      />
      <TextField
        label="Custo em pontos"
        value={draft.custo}
        onChange={(custo) => set({ custo })}
        inputMode="numeric"
        required
        error={errors.custo}
      />
      <TextField
        label="Estoque (unidades)"
        value={draft.estoque}
        onChange={(estoque) => set({ estoque })}
        inputMode="numeric"
        required
        error={errors.estoque}
      />
      <ChoiceGroup
        legend="Situação no catálogo"
        value={draft.ativo}
        onChange={(ativo) => set({ ativo })}
        options={[
          { value: 'sim', label: 'Ativa: os alunos veem e podem resgatar' },
          { value: 'nao', label: 'Inativa: escondida dos alunos' },
        ]}
      />
      {message ? <Alert tone="error">{message}</Alert> : null}
      {saved ? (
        <Alert tone="success" role="status">
          {reward ? `Alterações de "${saved.nome}" salvas.` : `Recompensa "${saved.nome}" criada.`}{' '}
          <Link to="/manager-panel/recompensas/{-$id}" params={{ id: undefined }}>
            Ver o catálogo
          </Link>
        </Alert>
      ) : null}
      {!online ? <Alert tone="warning">{REWARDS_OFFLINE_TEXT}</Alert> : null}
      <div className="mp-actions">
        <Button type="submit" disabled={!online} loading={save.isPending}>
          {reward ? 'Salvar alterações' : 'Criar recompensa'}
        </Button>
        <Link to="/manager-panel/recompensas/{-$id}" params={{ id: undefined }}>
          Voltar ao catálogo
        </Link>
      </div>
    </form>
  )
}

/** The form's own fields with bars for their values, while the catalogue loads. */
const formSkeleton = <FieldsSkeleton labels={['Nome', 'Descrição', 'Imagem (opcional)', 'Custo em pontos', 'Estoque (unidades)']} />

/** /manager-panel/recompensas/nova and /manager-panel/recompensas/{id}. */
export function RewardFormScreen({ id, nav }: { id: number | undefined; nav: ReactNode }) {
  const query = useQuery({ ...rewardCatalogueQuery, enabled: id !== undefined })
  return (
    <div className="page stack">
      <h1 className="page__title">{id === undefined ? 'Nova recompensa' : 'Editar recompensa'}</h1>
      {nav}
      <Card>
        {id === undefined ? (
          <RewardForm reward={null} />
        ) : (
          <PanelQuery query={query} skeleton={formSkeleton} offlineText={REWARDS_OFFLINE_TEXT}>
            {(rewards) => {
              const reward = rewards.find((item) => item.id === id)
              return reward ? (
                <RewardForm key={reward.id} reward={reward} />
              ) : (
                <Alert tone="error">
                  Recompensa não encontrada.{' '}
                  <Link to="/manager-panel/recompensas/{-$id}" params={{ id: undefined }}>
                    Ver o catálogo
                  </Link>
                </Alert>
              )
            }}
          </PanelQuery>
        )}
      </Card>
    </div>
  )
}
