import * as v from 'valibot'

/**
 * valibot's default messages are English ("Invalid type: Expected string but received
 * 1"); every text the API can answer is Portuguese (issue 8). Set once, globally, for the
 * server's 422s and the client's checks alike; a schema's own message still wins.
 */
/** SPEC §5 "required". */
export const REQUIRED_MESSAGE = 'Este campo é obrigatório'

const EXPECTED: Readonly<Record<string, string>> = {
  string: 'Este campo deve ser um texto',
  number: 'Este campo só pode conter números',
  boolean: 'Este campo deve ser verdadeiro ou falso',
  object: 'Este campo deve ser um objeto',
  array: 'Este campo deve ser uma lista',
  date: 'Data inválida',
}

export function portugueseMessage(issue: v.BaseIssue<unknown>): string {
  const requirement = (issue as { requirement?: unknown }).requirement
  switch (issue.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'object':
    case 'array':
    case 'date':
      return EXPECTED[issue.type]!
    case 'min_length':
      return requirement === 1 ? REQUIRED_MESSAGE : `Você deve inserir no mínimo ${String(requirement)} caracteres`
    case 'max_length':
      return `Você deve inserir no máximo ${String(requirement)} caracteres`
    case 'length':
      return 'O comprimento do campo inserido é inválido'
    case 'email':
      return 'Por favor, insira um e-mail válido'
    case 'integer':
      return 'Este campo só pode conter valores inteiros'
    case 'min_value':
      return `O valor deve ser no mínimo ${String(requirement)}`
    case 'max_value':
      return `O valor deve ser no máximo ${String(requirement)}`
    case 'regex':
      return 'Formato inválido'
    case 'iso_date':
      return 'Data inválida: use o formato AAAA-MM-DD'
    case 'iso_timestamp':
      return 'Data e hora inválidas'
    case 'literal':
    case 'picklist':
    case 'union':
    case 'variant':
    case 'enum':
      return 'Valor não permitido'
    case 'strict_object':
    case 'never':
      return 'Campo não permitido'
    default:
      return 'Valor inválido'
  }
}

v.setGlobalMessage(portugueseMessage)
