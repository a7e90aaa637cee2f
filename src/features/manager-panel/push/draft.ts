import * as v from 'valibot'
import {
  PushSendingInput,
  type PushAudience,
  type PushAudienceOptions,
  type PushSending,
  type PushStudent,
} from '../../../contract/schemas/push.ts'

/** What the compose form edits; the chosen students keep their names for the chips. */
export interface Draft {
  title: string
  body: string
  link: string
  imageUrl: string
  audienceKind: PushAudience['kind']
  brand: 'knn' | 'phenom'
  escolaId: string
  turmaId: string
  students: PushStudent[]
}

/** The portal's pages a notification may open (D17: inside the portal only). */
export const DEEP_LINKS = [
  { value: '/dashboard', label: 'Início' },
  { value: '/financial', label: 'Financeiro' },
  { value: '/pedidos', label: 'Pedidos' },
  { value: '/pedagogico/list', label: 'Pedagógico' },
  { value: '/aula-online/list', label: 'Aulas online' },
  { value: '/envios-pendentes', label: 'Envios pendentes' },
  { value: '/me', label: 'Meu perfil' },
] as const

export const EMPTY_DRAFT: Draft = {
  title: '',
  body: '',
  link: '/dashboard',
  imageUrl: '',
  audienceKind: 'todos',
  brand: 'knn',
  escolaId: '',
  turmaId: '',
  students: [],
}

export function draftOf(sending: PushSending): Draft {
  const audience = sending.audience
  return {
    ...EMPTY_DRAFT,
    title: sending.title,
    body: sending.body,
    link: sending.link,
    imageUrl: sending.image_url ?? '',
    audienceKind: audience.kind,
    brand: audience.kind === 'marca' ? audience.brand : 'knn',
    escolaId: audience.kind === 'escola' ? String(audience.escola_id) : '',
    turmaId: audience.kind === 'turma' ? String(audience.turma_id) : '',
    // The names come back from the search; a saved draft shows its students by number.
    students: audience.kind === 'alunos' ? audience.user_ids.map((id) => ({ id, full_name: null, email: null })) : [],
  }
}

function audienceOf(draft: Draft): unknown {
  switch (draft.audienceKind) {
    case 'todos':
      return { kind: 'todos' }
    case 'marca':
      return { kind: 'marca', brand: draft.brand }
    case 'escola':
      return { kind: 'escola', escola_id: Number(draft.escolaId) }
    case 'turma':
      return { kind: 'turma', turma_id: Number(draft.turmaId) }
    case 'alunos':
      return { kind: 'alunos', user_ids: draft.students.map((student) => student.id) }
  }
}

export type DraftErrors = Partial<Record<'title' | 'body' | 'link' | 'imageUrl' | 'audience', string>>

/** The draft as the API takes it, or what to fix, field by field, in Portuguese. */
export function validateDraft(draft: Draft): { input: PushSendingInput; errors: null } | { input: null; errors: DraftErrors } {
  const audienceMissing =
    (draft.audienceKind === 'escola' && !draft.escolaId) ||
    (draft.audienceKind === 'turma' && !draft.turmaId) ||
    (draft.audienceKind === 'alunos' && draft.students.length === 0)
  const parsed = v.safeParse(PushSendingInput, {
    title: draft.title,
    body: draft.body,
    link: draft.link,
    image_url: draft.imageUrl.trim() === '' ? null : draft.imageUrl.trim(),
    audience: audienceOf(draft),
  })
  if (parsed.success && !audienceMissing) return { input: parsed.output, errors: null }
  const errors: DraftErrors = {}
  if (!parsed.success) {
    const nested = v.flatten<typeof PushSendingInput>(parsed.issues).nested ?? {}
    for (const [path, messages] of Object.entries(nested)) {
      const field = path === 'image_url' ? 'imageUrl' : path.startsWith('audience') ? 'audience' : path
      if (messages?.[0] && field in { title: 1, body: 1, link: 1, imageUrl: 1, audience: 1 })
        errors[field as keyof DraftErrors] ??= messages[0]
    }
  }
  if (audienceMissing) errors.audience = AUDIENCE_MISSING[draft.audienceKind]
  return { input: null, errors }
}

const AUDIENCE_MISSING: Record<PushAudience['kind'], string> = {
  todos: '',
  marca: '',
  escola: 'Escolha a escola',
  turma: 'Escolha a turma',
  alunos: 'Escolha pelo menos um aluno',
}

/** "Todos os alunos", "Turma Inglês — Teens 1 (Centro)"… for the lists and the review. */
export function audienceLabel(audience: PushAudience, options: PushAudienceOptions | undefined): string {
  switch (audience.kind) {
    case 'todos':
      return 'Todos os alunos'
    case 'marca':
      return `Alunos da marca ${audience.brand === 'knn' ? 'KNN' : 'Phenom'}`
    case 'escola': {
      const escola = options?.escolas.find((item) => item.escola_id === audience.escola_id)
      return `Escola ${escola?.nome ?? `nº ${audience.escola_id}`}`
    }
    case 'turma': {
      const turma = options?.turmas.find((item) => item.id === audience.turma_id)
      return turma ? `Turma ${turma.nome} (${turma.escola})` : `Turma nº ${audience.turma_id}`
    }
    case 'alunos':
      return audience.user_ids.length === 1 ? '1 aluno escolhido' : `${audience.user_ids.length} alunos escolhidos`
  }
}

export const STATUS_LABELS: Record<PushSending['status'], string> = {
  rascunho: 'Rascunho',
  agendado: 'Agendado',
  enviando: 'Enviando',
  concluido: 'Concluído',
}

/** A `datetime-local` value (the manager's clock) as the instant the API takes, or null when not a future time. */
export function scheduledInstant(local: string, now = Date.now()): string | null {
  const time = new Date(local).getTime()
  return Number.isFinite(time) && time > now ? new Date(time).toISOString() : null
}
