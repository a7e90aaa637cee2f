import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ApiError, NetworkError } from '../lib/client.ts'
import type { RegistrationUpdateInput } from '../contract/schemas/registration.ts'
import type { CurrentUser } from '../contract/schemas/user.ts'
import { demoStudent } from '../contract/schemas/user.fixture.ts'
import {
  isMinorValue,
  registrationUpdateMachine,
  toRequestBody,
  validateRegistration,
  valuesFromUser,
  visibleErrors,
  type CepLookupResult,
  type RegistrationField,
  type RegistrationValues,
} from './registration-update.ts'

const now = new Date('2026-11-22T15:00:00Z')
const today = { year: 2026, month: 11, day: 22 }
/** Confirmed 5 months ago: due (SPEC §4). */
const due: CurrentUser = demoStudent({ updated_at: '2026-06-22T12:00:00Z' })

const PAULISTA: CepLookupResult = { status: 'found', street: 'Avenida Paulista', district: 'Bela Vista', city: 'São Paulo', state: 'SP' }

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function start(
  options: {
    user?: CurrentUser
    draft?: RegistrationValues | null
    lookupCep?: (cep: string, signal: AbortSignal) => Promise<CepLookupResult>
    save?: (body: RegistrationUpdateInput) => Promise<CurrentUser>
  } = {},
) {
  const calls = {
    lookups: [] as string[],
    saves: [] as RegistrationUpdateInput[],
    drafts: [] as RegistrationValues[],
    cleared: 0,
    saved: [] as CurrentUser[],
  }
  const machine = registrationUpdateMachine.provide({
    actors: {
      lookupCep: fromPromise(async ({ input, signal }: { input: { cep: string }; signal: AbortSignal }) => {
        calls.lookups.push(input.cep)
        return (options.lookupCep ?? (async () => PAULISTA))(input.cep, signal)
      }),
      save: fromPromise(async ({ input }: { input: RegistrationUpdateInput }) => {
        calls.saves.push(input)
        return (options.save ?? (async () => demoStudent({ updated_at: now.toISOString() })))(input)
      }),
    },
    actions: {
      persistDraft: ({ context }) => void calls.drafts.push(context.values),
      clearDraft: () => void calls.cleared++,
      saved: (_, { user }) => void calls.saved.push(user),
    },
  })
  const actor = createActor(machine, { input: { user: options.user ?? due, draft: options.draft ?? null, now } }).start()
  const change = (field: RegistrationField, value: string) => actor.send({ type: 'registration.change', field, value })
  return { actor, calls, change }
}

describe('registration-update machine: the rule', () => {
  it('has nothing to do for a complete, recent registration', () => {
    const { actor } = start({ user: demoStudent({ updated_at: '2026-10-01T00:00:00Z' }) })
    expect(actor.getSnapshot().matches('notNeeded')).toBe(true)
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('edits a due registration, starting from what the server has, masked', () => {
    const { actor } = start()
    const snapshot = actor.getSnapshot()
    expect(snapshot.matches('editing')).toBe(true)
    expect(snapshot.context.reason).toBe('expired')
    expect(snapshot.context.values).toEqual({
      full_name: 'Ana Beatriz Souza',
      email: 'aluno@example.com',
      phone: '(11) 98765-4321',
      cpf: '529.982.247-25',
      birth_date: '12/04/1998',
      cep: '01310-100',
      street: 'Avenida Paulista',
      street_number: '1000',
      guardian_name: '',
      guardian_cpf: '',
    })
  })

  it('says why: a missing field, never confirmed', () => {
    expect(start({ user: { ...due, street: null } }).actor.getSnapshot().context.reason).toBe('missingFields')
    expect(start({ user: { ...due, updated_at: null } }).actor.getSnapshot().context.reason).toBe('neverUpdated')
  })

  it('starts from the draft kept on the device instead', () => {
    const draft = { ...valuesFromUser(due), street: 'Rua do rascunho' }
    expect(start({ draft }).actor.getSnapshot().context.values.street).toBe('Rua do rascunho')
  })
})

describe('registration-update machine: editing and the draft', () => {
  it('keeps every change on the device as it is typed', () => {
    const { change, calls } = start()
    change('street_number', '12')
    change('full_name', 'Ana B. Souza')
    expect(calls.drafts.map((values) => [values.street_number, values.full_name])).toEqual([
      ['12', 'Ana Beatriz Souza'],
      ['12', 'Ana B. Souza'],
    ])
  })

  it('shows no rule text before the first submit, then every one, following the typing', () => {
    const { actor, change, calls } = start()
    change('email', 'ana@')
    expect(visibleErrors(actor.getSnapshot().context)).toEqual({})
    actor.send({ type: 'registration.submit' })
    expect(actor.getSnapshot().matches('editing')).toBe(true)
    expect(actor.getSnapshot().context.refusedSubmits).toBe(1)
    expect(visibleErrors(actor.getSnapshot().context)).toEqual({ email: 'Por favor, insira um e-mail válido' })
    change('email', 'ana@example.com')
    expect(visibleErrors(actor.getSnapshot().context)).toEqual({})
    expect(calls.saves).toEqual([])
  })
})

describe('registration-update machine: the CEP', () => {
  it('looks a complete CEP up and fills the street, the fields editable meanwhile', async () => {
    const answer = deferred<CepLookupResult>()
    const { actor, change, calls } = start({ lookupCep: () => answer.promise })
    change('street', '')
    change('cep', '20040-00')
    expect(actor.getSnapshot().matches('editing')).toBe(true)
    change('cep', '20040-002')
    expect(actor.getSnapshot().matches('lookingUpCep')).toBe(true)
    expect(actor.getSnapshot().context.cep).toEqual({ status: 'looking', cep: '20040002', slow: false })
    change('street_number', '156')
    expect(actor.getSnapshot().context.values.street_number).toBe('156')
    answer.resolve({ status: 'found', street: 'Avenida Rio Branco', district: 'Centro', city: 'Rio de Janeiro', state: 'RJ' })
    const snapshot = await waitFor(actor, (s) => s.matches('editing'))
    expect(snapshot.context.values.street).toBe('Avenida Rio Branco')
    expect(snapshot.context.cep).toMatchObject({
      status: 'found',
      district: 'Centro',
      city: 'Rio de Janeiro',
      state: 'RJ',
      streetFilled: true,
    })
    expect(calls.lookups).toEqual(['20040002'])
    // The filled street is kept on the device too.
    expect(calls.drafts.at(-1)?.street).toBe('Avenida Rio Branco')
  })

  it('keeps the street typed when the service knows the CEP but not its street (a whole town)', async () => {
    const { actor, change } = start({
      lookupCep: async () => ({ status: 'found', street: '', district: '', city: 'Pirapora', state: 'MG' }),
    })
    change('street', 'Rua Direita')
    change('cep', '39270-000')
    const snapshot = await waitFor(actor, (s) => s.matches('editing') && s.context.cep.status === 'found')
    expect(snapshot.context.values.street).toBe('Rua Direita')
    expect(snapshot.context.cep).toMatchObject({ streetFilled: false })
  })

  it.each(['notFound', 'unavailable'] as const)('leaves everything editable when the CEP is %s', async (status) => {
    const { actor, change } = start({ lookupCep: async () => ({ status }) })
    change('cep', '99999-999')
    const snapshot = await waitFor(actor, (s) => s.matches('editing') && s.context.cep.status !== 'looking')
    expect(snapshot.context.cep).toEqual({ status, cep: '99999999' })
    expect(snapshot.context.values.street).toBe('Avenida Paulista')
    change('street', 'Rua Nova')
    expect(actor.getSnapshot().context.values.street).toBe('Rua Nova')
  })

  it('calls a lookup slow after a while, still waiting for it', async () => {
    const answer = deferred<CepLookupResult>()
    const machine = registrationUpdateMachine.provide({ actors: { lookupCep: fromPromise(() => answer.promise) }, delays: { cepSlow: 20 } })
    const actor = createActor(machine, { input: { user: due, now } }).start()
    actor.send({ type: 'registration.change', field: 'cep', value: '20040-002' })
    const slow = await waitFor(actor, (s) => s.context.cep.status === 'looking' && s.context.cep.slow)
    expect(slow.matches('lookingUpCep')).toBe(true)
    answer.resolve({ status: 'notFound' })
    expect((await waitFor(actor, (s) => s.matches('editing'))).context.cep).toEqual({ status: 'notFound', cep: '20040002' })
  })

  it('a lookup that throws counts as unavailable', async () => {
    const { actor, change } = start({
      lookupCep: async () => {
        throw new Error('boom')
      },
    })
    change('cep', '01001-000')
    const snapshot = await waitFor(actor, (s) => s.matches('editing') && s.context.cep.status !== 'looking')
    expect(snapshot.context.cep).toEqual({ status: 'unavailable', cep: '01001000' })
  })

  it('a new CEP cancels the lookup of the last one; an incomplete one ends the lookup', async () => {
    const first = deferred<CepLookupResult>()
    const signals: AbortSignal[] = []
    const { actor, change, calls } = start({
      lookupCep: (cep, signal) => {
        signals.push(signal)
        return cep === '01001000' ? first.promise : Promise.resolve(PAULISTA)
      },
    })
    change('cep', '01001-000')
    change('cep', '01310-100')
    expect(signals[0]!.aborted).toBe(true)
    await waitFor(actor, (s) => s.matches('editing'))
    expect(calls.lookups).toEqual(['01001000', '01310100'])
    // The same CEP again is not looked up twice.
    change('cep', '01310-100')
    expect(actor.getSnapshot().matches('editing')).toBe(true)

    const slow = deferred<CepLookupResult>()
    const second = start({ lookupCep: () => slow.promise })
    second.change('cep', '04538-133')
    second.change('cep', '04538-13')
    expect(second.actor.getSnapshot().matches('editing')).toBe(true)
    expect(second.actor.getSnapshot().context.cep).toEqual({ status: 'idle' })
  })
})

describe('registration-update machine: saving', () => {
  it('saves digits and an ISO date, clears the draft and hands over the updated user', async () => {
    const { actor, change, calls } = start()
    change('phone', '(21) 3456-7890')
    actor.send({ type: 'registration.submit' })
    expect(actor.getSnapshot().matches('saving')).toBe(true)
    const snapshot = await waitFor(actor, (s) => s.matches('saved'))
    expect(calls.saves).toEqual([
      {
        full_name: 'Ana Beatriz Souza',
        email: 'aluno@example.com',
        phone: '2134567890',
        cpf: '52998224725',
        birth_date: '1998-04-12',
        cep: '01310100',
        street: 'Avenida Paulista',
        street_number: '1000',
        guardian_name: null,
        guardian_cpf: null,
      },
    ])
    expect(calls.cleared).toBe(1)
    expect(calls.saved).toHaveLength(1)
    expect(snapshot.context.savedUser).toBe(calls.saved[0])
    expect(snapshot.status).toBe('done')
  })

  it("asks a minor for a guardian and sends the guardian's digits", async () => {
    const { actor, change, calls } = start()
    change('birth_date', '10/05/2012')
    expect(isMinorValue(actor.getSnapshot().context.values, today)).toBe(true)
    actor.send({ type: 'registration.submit' })
    expect(visibleErrors(actor.getSnapshot().context)).toEqual({
      guardian_name: 'Este campo é obrigatório',
      guardian_cpf: 'Este campo é obrigatório',
    })
    change('guardian_name', 'Marta Souza')
    change('guardian_cpf', '111.444.777-35')
    actor.send({ type: 'registration.submit' })
    await waitFor(actor, (s) => s.matches('saved'))
    expect(calls.saves[0]).toMatchObject({ birth_date: '2012-05-10', guardian_name: 'Marta Souza', guardian_cpf: '11144477735' })
  })

  it('puts the server’s refusals beside their fields until they change (409 e-mail, 422)', async () => {
    const answers = [
      new ApiError(409, 'Este e-mail já está em uso por outra conta.', { detail: 'Este e-mail já está em uso por outra conta.' }),
      new ApiError(422, 'Erro ao atualizar', [{ loc: ['body', 'cpf'], msg: 'Por favor, insira um CPF válido', type: 'check' }]),
    ]
    const { actor, change, calls } = start({
      save: async () => {
        throw answers.shift()!
      },
    })
    actor.send({ type: 'registration.submit' })
    let snapshot = await waitFor(actor, (s) => s.matches('failed'))
    expect(visibleErrors(snapshot.context)).toEqual({ email: 'Este e-mail já está em uso por outra conta.' })
    expect(snapshot.context.saveError).toBeNull()
    expect(snapshot.context.refusedSubmits).toBe(1)
    change('email', 'ana.souza@example.com')
    expect(actor.getSnapshot().matches('editing')).toBe(true)
    expect(visibleErrors(actor.getSnapshot().context)).toEqual({})
    actor.send({ type: 'registration.submit' })
    snapshot = await waitFor(actor, (s) => s.matches('failed'))
    expect(visibleErrors(snapshot.context)).toEqual({ cpf: 'Por favor, insira um CPF válido' })
    expect(calls.cleared).toBe(0)
  })

  it('keeps the values and says why when the save cannot arrive, then sends again', async () => {
    let online = false
    const { actor, calls } = start({
      save: async () => {
        if (!online) throw new NetworkError()
        return demoStudent()
      },
    })
    actor.send({ type: 'registration.submit' })
    const failed = await waitFor(actor, (s) => s.matches('failed'))
    expect(failed.context.saveError).toBe('Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.')
    expect(failed.context.values.full_name).toBe('Ana Beatriz Souza')
    online = true
    actor.send({ type: 'registration.submit' })
    await waitFor(actor, (s) => s.matches('saved'))
    expect(calls.saves).toHaveLength(2)
  })
})

describe('registration form values', () => {
  it('validate with the server’s schema and SPEC §5 texts', () => {
    const empty = Object.fromEntries(Object.keys(valuesFromUser(due)).map((key) => [key, ''])) as RegistrationValues
    expect(validateRegistration(empty, today)).toEqual({
      full_name: 'Este campo é obrigatório',
      email: 'Este campo é obrigatório',
      phone: 'Este campo é obrigatório',
      cpf: 'Este campo é obrigatório',
      birth_date: 'Este campo é obrigatório',
      cep: 'Este campo é obrigatório',
      street: 'Este campo é obrigatório',
      street_number: 'Este campo é obrigatório',
    })
    const typos = { ...valuesFromUser(due), phone: '(11) 9876', cpf: '529.982.247-26', birth_date: '31/02/2000', cep: '01310' }
    expect(validateRegistration(typos, today)).toEqual({
      phone: 'Formato inválido',
      cpf: 'Por favor, insira um CPF válido',
      birth_date: 'Por favor, insira uma data válida',
      cep: 'Formato inválido',
    })
  })

  it('send no guardian for an adult, whatever was typed before the birth date changed', () => {
    const values = { ...valuesFromUser(due), guardian_name: 'Marta', guardian_cpf: '111.444.777-35' }
    expect(toRequestBody(values, today)).toMatchObject({ guardian_name: null, guardian_cpf: null })
  })
})
