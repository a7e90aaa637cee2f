import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useId, useState, type ReactNode } from 'react'
import type { PushSending } from '../../../contract/schemas/push.ts'
import { PUSH_BODY_MAX, PUSH_TITLE_MAX } from '../../../contract/schemas/push.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../../ui/card.tsx'
import { ChoiceGroup } from '../../../ui/choice-group.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { Select } from '../../../ui/select.tsx'
import { TextField } from '../../../ui/text-field.tsx'
import { FieldsSkeleton } from '../components/fields-skeleton.tsx'
import { OFFLINE_TEXT, PanelQuery } from '../components/panel-query.tsx'
import { audienceOptionsQuery, sendingQuery, studentSearchQuery, useDeleteDraft, useSaveDraft } from './api.ts'
import { DEEP_LINKS, draftOf, EMPTY_DRAFT, validateDraft, type Draft, type DraftErrors } from './draft.ts'
import { LABELS } from './labels.ts'

/** A saved draft on its way: the form's own fields, with bars for their values. */
const composeSkeleton = <FieldsSkeleton labels={[LABELS.title, LABELS.body, LABELS.link, LABELS.image, LABELS.audience]} />

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
    if (then === 'send') await navigate({ to: '/manager-panel/send/{-$id}', params: { id: String(saved.id) } })
    else if (!sending) await navigate({ to: '/manager-panel/create/{-$id}', params: { id: String(saved.id) }, replace: true })
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
                      () => navigate({ to: '/manager-panel' }),
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
export function ComposeScreen({ id, nav }: { id: number | undefined; nav: ReactNode }) {
  const query = useQuery({ ...sendingQuery(id ?? 0), enabled: id !== undefined })
  return (
    <div className="page stack">
      <h1 className="page__title">{id === undefined ? 'Nova notificação' : 'Editar notificação'}</h1>
      {nav}
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
