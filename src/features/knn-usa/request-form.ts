import * as v from 'valibot'
import { ApiError } from '../../lib/client.ts'
import { KNN_USA_TEXTS } from '../../contract/endpoints/knn-usa.ts'
import { getStoredItem, removeStoredItem, setStoredItem } from '../../lib/local-store.ts'
import {
  documentosExigidos,
  KnnUsaRequestIn,
  menorNaViagem,
  passaporteValidoNaViagem,
  type ProgramaUsa,
  type TipoDocumentoUsa,
  type TurmaUsa,
} from '../../contract/schemas/knn-usa.ts'
import { displayToIsoDate, isoToDisplayDate } from '../../contract/validation/age.ts'
import { formatDate } from '../../ui/format.ts'

/**
 * The request form's logic (issue 14, D28): its values as typed, the same rules
 * as the server (the schema's helpers from schemas/knn-usa.ts), the body it sends, the
 * server's 422 placed under the fields, and the draft kept on the device.
 */

/** The fields, named as the JSON the server reads (a 422's `loc` names them so too). */
export const REQUEST_FIELDS = [
  'turma_id',
  'passaporte_numero',
  'passaporte_validade',
  'data_nascimento',
  'responsavel_nome',
  'responsavel_cpf',
] as const
export type RequestField = (typeof REQUEST_FIELDS)[number]

/** What the form edits: dates as DD/MM/AAAA, the CPF's digits, the class's id as text. */
export type RequestValues = Record<RequestField, string>

/** A message under a field, under one document's file, or above the form. */
export type RequestErrors = Partial<Record<RequestField | TipoDocumentoUsa, string>> & { form?: string }

export const EMPTY_VALUES: RequestValues = {
  turma_id: '',
  passaporte_numero: '',
  passaporte_validade: '',
  data_nascimento: '',
  responsavel_nome: '',
  responsavel_cpf: '',
}

/** The form's first values: the draft, else the profile's birth date. */
export function initialValues(draft: RequestValues | null, birthDate: string | null | undefined): RequestValues {
  if (draft) return draft
  return { ...EMPTY_VALUES, data_nascimento: isoToDisplayDate(birthDate ?? null) }
}

/** Under 18 on the class's departure day (SPEC §5, D28): the guardian and the authorisation are asked. */
export function isMinorFor(values: RequestValues, turma: TurmaUsa | undefined): boolean {
  return turma ? menorNaViagem(displayToIsoDate(values.data_nascimento), turma.data_ida) : false
}

/** The documents this class asks from this student, in the order the files are sent. */
export function documentsFor(values: RequestValues, turma: TurmaUsa | undefined): TipoDocumentoUsa[] {
  return turma ? documentosExigidos(displayToIsoDate(values.data_nascimento), turma.data_ida) : ['passaporte']
}

/** `knn_usa_request_in` as the server reads it. */
export function requestBody(values: RequestValues, turma: TurmaUsa | undefined) {
  const minor = isMinorFor(values, turma)
  return {
    turma_id: Number(values.turma_id) || 0,
    passaporte_numero: values.passaporte_numero,
    passaporte_validade: displayToIsoDate(values.passaporte_validade),
    data_nascimento: displayToIsoDate(values.data_nascimento),
    responsavel_nome: minor ? values.responsavel_nome.trim() : null,
    responsavel_cpf: minor ? values.responsavel_cpf : null,
    documentos: documentsFor(values, turma),
  }
}

const CHOOSE_CLASS = 'Escolha uma turma.'
export const chooseFile = (nome: string) => `Escolha o arquivo: ${nome}.`

/**
 * The server's rules before sending: the schema of `knn_usa_request_in`, the passport
 * valid after the return, the birth date not after the departure, a minor's guardian, and a
 * file for each document asked (`nomes` names them).
 */
export function validateRequest(
  values: RequestValues,
  turma: TurmaUsa | undefined,
  files: Partial<Record<TipoDocumentoUsa, File>>,
  nomes: Partial<Record<TipoDocumentoUsa, string>>,
): RequestErrors {
  const errors: RequestErrors = {}
  const body = requestBody(values, turma)
  const parsed = v.safeParse(KnnUsaRequestIn, body)
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key
      if (typeof key === 'string' && (REQUEST_FIELDS as readonly string[]).includes(key)) errors[key as RequestField] ??= issue.message
    }
  }
  if (!turma) errors.turma_id = CHOOSE_CLASS
  else {
    if (!errors.passaporte_validade && !passaporteValidoNaViagem(body.passaporte_validade, turma.data_volta))
      errors.passaporte_validade = KNN_USA_TEXTS.passaporteVencido(formatDate(turma.data_volta))
    if (!errors.data_nascimento && body.data_nascimento > turma.data_ida) errors.data_nascimento = KNN_USA_TEXTS.nascimentoFuturo
    if (isMinorFor(values, turma)) {
      if (!values.responsavel_nome.trim()) errors.responsavel_nome = KNN_USA_TEXTS.responsavelNome
      if (!values.responsavel_cpf.trim()) errors.responsavel_cpf = KNN_USA_TEXTS.responsavelCpf
    }
  }
  for (const tipo of body.documentos) if (!files[tipo]) errors[tipo] = chooseFile(nomes[tipo] ?? tipo)
  return errors
}

/**
 * A refused send as the form shows it: a 422's issues under their fields (`loc`
 * ['body', 'knn_usa_request_in', field] or ['body', 'files']), anything else (409 no seats
 * or one already open, 413/415 a file) as one message above the button.
 */
export function sendFailure(error: unknown, documentos: readonly TipoDocumentoUsa[]): RequestErrors {
  const errors: RequestErrors = {}
  const payload = error instanceof ApiError ? (error.detail as { detail?: unknown } | null) : null
  const issues = Array.isArray(payload) ? payload : payload?.detail
  if (error instanceof ApiError && error.status === 422 && Array.isArray(issues)) {
    for (const issue of issues as { loc?: unknown[]; msg?: unknown }[]) {
      if (typeof issue.msg !== 'string') continue
      const loc = issue.loc ?? []
      const field = loc[2]
      if (typeof field === 'string' && (REQUEST_FIELDS as readonly string[]).includes(field)) errors[field as RequestField] ??= issue.msg
      else errors.form ??= issue.msg
    }
    if (Object.keys(errors).length > 0) return errors
  }
  // A file refused by the server is said under the first document (413/415 carry its words).
  if (error instanceof ApiError && (error.status === 413 || error.status === 415) && documentos[0]) {
    errors[documentos[0]] = error.message
    return errors
  }
  errors.form = error instanceof Error && error.message ? error.message : 'Erro ao enviar a solicitação'
  return errors
}

interface StoredDraft {
  user_id: number
  programa: ProgramaUsa
  values: RequestValues
}

function isDraft(value: unknown): value is StoredDraft {
  if (typeof value !== 'object' || value === null) return false
  const { user_id: userId, programa, values } = value as Partial<StoredDraft>
  return (
    typeof userId === 'number' &&
    typeof programa === 'string' &&
    typeof values === 'object' &&
    values !== null &&
    REQUEST_FIELDS.every((field) => typeof (values as Record<string, unknown>)[field] === 'string')
  )
}

/**
 * The half-filled form survives a reload, kept like the registration update's
 * draft: under its account and programme, wiped at logout, removed once the request is sent.
 * The chosen files are not kept (they are chosen again).
 */
export function readRequestDraft(userId: number, programa: ProgramaUsa): RequestValues | null {
  try {
    const stored: unknown = JSON.parse(getStoredItem('knnUsaDraft') ?? 'null')
    return isDraft(stored) && stored.user_id === userId && stored.programa === programa ? stored.values : null
  } catch {
    return null
  }
}

export function writeRequestDraft(userId: number, programa: ProgramaUsa, values: RequestValues): void {
  setStoredItem('knnUsaDraft', JSON.stringify({ user_id: userId, programa, values } satisfies StoredDraft))
}

export function clearRequestDraft(): void {
  removeStoredItem('knnUsaDraft')
}
