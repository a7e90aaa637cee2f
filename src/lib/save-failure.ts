import { ApiError } from './client.ts'

export interface SaveFailure<F extends string> {
  fieldErrors: Partial<Record<F | 'email', string>>
  message: string | null
}

/**
 * A refused save of the user's details as a form shows it (the registration update and the
 * profile): the e-mail taken (409) or the server's 422 issues beside the fields `isField`
 * knows, anything else as one message (the server's detail or "Erro ao atualizar", SPEC §8).
 */
export function saveFailure<F extends string>(error: unknown, isField: (key: unknown) => key is F): SaveFailure<F> {
  const fieldErrors: SaveFailure<F>['fieldErrors'] = {}
  if (error instanceof ApiError && error.status === 409) {
    fieldErrors.email = error.message
    return { fieldErrors, message: null }
  }
  // The client keeps the whole answer (`{detail: [...]}`) as the error's detail; a bare list is taken too.
  const issues =
    error instanceof ApiError ? (Array.isArray(error.detail) ? error.detail : (error.detail as { detail?: unknown } | null)?.detail) : null
  if (error instanceof ApiError && error.status === 422 && Array.isArray(issues)) {
    for (const issue of issues as { loc?: unknown[]; msg?: unknown }[]) {
      const field = issue.loc?.[1]
      if (isField(field) && typeof issue.msg === 'string') fieldErrors[field] ??= issue.msg
    }
    if (Object.keys(fieldErrors).length > 0) return { fieldErrors, message: null }
  }
  return { fieldErrors: {}, message: error instanceof Error && error.message ? error.message : 'Erro ao atualizar' }
}
