import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { contract, contractAreas } from './contract.ts'
import { canCall, type Endpoint } from './define.ts'
import { Text } from './schemas/common.ts'

const endpoints = Object.entries(contract) as [string, Endpoint][]

describe('the contract (issue 8: every endpoint declared once)', () => {
  it('composes every area, no name declared in two areas', () => {
    const names = Object.values(contractAreas).flatMap((area) => Object.keys(area))
    expect(names.length).toBe(new Set(names).size)
    expect(names.sort()).toEqual(Object.keys(contract).sort())
  })

  it('has each method + service + path once', () => {
    const keys = endpoints.map(([, endpoint]) => `${endpoint.method} ${endpoint.service} ${endpoint.path}`)
    const repeated = keys.filter((key, index) => keys.indexOf(key) !== index)
    expect(repeated).toEqual([])
  })

  it('names owned params that the endpoint really takes, on endpoints students may call', () => {
    for (const [name, endpoint] of endpoints) {
      for (const param of Object.keys(endpoint.owned ?? {})) {
        // `user`: a student's own file that the class's staff may read too.
        expect(['student', 'user'], name).toContain(endpoint.access)
        const inPath = endpoint.path.includes(`{${param}}`)
        const inQuery = endpoint.query !== undefined && 'entries' in endpoint.query && param in (endpoint.query.entries as object)
        expect(inPath || inQuery, `${name}: ${param}`).toBe(true)
      }
    }
  })

  it('bounds every string of every request schema and refuses control characters in it', () => {
    const unbounded = endpoints.flatMap(([name, endpoint]) =>
      (['params', 'query', 'body', 'headers'] as const).flatMap((part) => unboundedStrings(endpoint[part], `${name}.${part}`)),
    )
    expect(unbounded).toEqual([])
  })
})

/** Paths of `string` schemas not piped through a max length and a control-character check. */
function unboundedStrings(schema: unknown, at: string): string[] {
  if (!schema || typeof schema !== 'object') return []
  const node = schema as { type?: string; pipe?: unknown[]; entries?: object; wrapped?: unknown; options?: unknown[]; item?: unknown }
  if (node.pipe) {
    // A pipe keeps its base's type, and its base may be a pipe itself (`v.pipe(Text(9), v.regex(…))`).
    const [base, ...actions] = node.pipe as { type?: string; kind?: string; pipe?: unknown[] }[]
    if (node.type === 'string') {
      const types = flattenPipe(node).map((action) => action.type)
      return types.includes('max_length') && types.includes('check') ? [] : [at]
    }
    return unboundedStrings(base, at).concat(actions.flatMap((action) => (action.kind === 'schema' ? unboundedStrings(action, at) : [])))
  }
  if (node.type === 'string') return [at]
  if (node.entries) return Object.entries(node.entries).flatMap(([key, entry]) => unboundedStrings(entry, `${at}.${key}`))
  if (node.wrapped) return unboundedStrings(node.wrapped, at)
  if (node.options) return node.options.flatMap((option) => unboundedStrings(option, at))
  if (node.item) return unboundedStrings(node.item, `${at}[]`)
  return []
}

function flattenPipe(node: { pipe?: unknown[] }): { type?: string }[] {
  const [base, ...actions] = (node.pipe ?? []) as { type?: string; pipe?: unknown[] }[]
  return base?.pipe ? [...flattenPipe(base), ...actions] : actions
}

describe('unboundedStrings (the check above can fail)', () => {
  it('finds a bare string, a string with only a regex, and passes Text', () => {
    expect(unboundedStrings(v.object({ a: v.string(), b: v.optional(v.pipe(v.string(), v.regex(/x/))), c: Text(5) }), 'x')).toEqual([
      'x.a',
      'x.b',
    ])
  })
})

describe('Text', () => {
  it('refuses control characters and long values in Portuguese', () => {
    const issues = (input: string) => v.safeParse(Text(5), input).issues?.map((issue) => issue.message)
    expect(issues('abc')).toBeUndefined()
    expect(issues('a\u0000b')).toEqual(['Este campo não pode conter caracteres de controle'])
    expect(issues('a\nb')).toEqual(['Este campo não pode conter caracteres de controle'])
    expect(issues('abcdef')).toEqual(['Você deve inserir no máximo 5 caracteres'])
    expect(v.safeParse(Text(5), 3).issues?.[0]?.message).toBe('Este campo deve ser um texto')
  })
})

describe('canCall (the rule the server enforces with 401/403, for the client guards, D7)', () => {
  it('lets anyone call public endpoints, any account the `user` ones, and each role its own', () => {
    const table = (['public', 'user', 'student', 'manager'] as const).map((access) => [
      access,
      canCall({ access }, null),
      canCall({ access }, 'student'),
      canCall({ access }, 'manager'),
    ])
    expect(table).toEqual([
      ['public', true, true, true],
      ['user', false, true, true],
      ['student', false, true, false],
      ['manager', false, false, true],
    ])
    expect(canCall(contract.financeiro, 'manager')).toBe(false)
    expect(canCall(contract.usersMe, 'manager')).toBe(true)
  })
})
