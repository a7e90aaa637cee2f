import * as v from 'valibot'
import { saveFailure } from '../lib/save-failure.ts'
import { guardianIssues, isMinorOn } from '../contract/registration.ts'
import { registrationUpdateReason, type RegistrationUpdateReason } from '../contract/registration-due.ts'
import { RegistrationUpdateBody, type RegistrationUpdateInput } from '../contract/schemas/registration.ts'
import type { CurrentUser } from '../contract/schemas/user.ts'
import { calendarDateOf, displayToIsoDate, isoToDisplayDate, type CalendarDate } from '../contract/validation/age.ts'
import { applyMask, MASKS, unmask } from '../ui/mask.ts'
import { assign, fromPromise, setup } from 'xstate'

/**
 * The registration update of SPEC §4/§5 (issue 9 journey 5): whether it is needed (the rule
 * shared with the session, the guard and the server, src/contract/registration.ts) and the form's
 * life: editing, looking up the CEP, saving, saved, failed. Effects are named here and
 * supplied by the app (`provide`): the postal-code lookup, the save, the draft on the device.
 */

/** The form's fields in screen order, as typed (masked). */
export const REGISTRATION_FIELDS = [
  'full_name',
  'email',
  'phone',
  'cpf',
  'birth_date',
  'cep',
  'street',
  'street_number',
  'guardian_name',
  'guardian_cpf',
] as const
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number]
export type RegistrationValues = Record<RegistrationField, string>
export type FieldErrors = Partial<Record<RegistrationField, string>>

/** A ViaCEP-compatible answer (D18), reduced to what the form uses. */
export type CepLookupResult =
  { status: 'found'; street: string; district: string; city: string; state: string } | { status: 'notFound' } | { status: 'unavailable' }

export type CepState =
  | { status: 'idle' }
  /** `slow`: no answer after CEP_SLOW_AFTER_MS; the form says the address can be typed meanwhile. */
  | { status: 'looking'; cep: string; slow: boolean }
  | { status: 'found'; cep: string; district: string; city: string; state: string; streetFilled: boolean }
  | { status: 'notFound'; cep: string }
  | { status: 'unavailable'; cep: string }

const CEP_DIGITS = 8
/** Like the screens' "Conexão lenta" (issue 7): after this long the CEP lookup is called slow. */
export const CEP_SLOW_AFTER_MS = 3_000

/** What the form starts from: the registration the server has, masked for the fields. */
export function valuesFromUser(user: CurrentUser): RegistrationValues {
  const masked = (mask: (typeof MASKS)[keyof typeof MASKS], value: string | null | undefined) => (value ? applyMask(mask, value) : '')
  return {
    full_name: user.full_name ?? '',
    email: user.email ?? '',
    phone: masked(MASKS.phone, user.phone),
    cpf: masked(MASKS.cpf, user.cpf),
    birth_date: isoToDisplayDate(user.birth_date ?? null),
    cep: masked(MASKS.cep, user.cep),
    street: user.street ?? '',
    street_number: user.street_number ?? '',
    guardian_name: user.guardian_name ?? '',
    guardian_cpf: masked(MASKS.cpf, user.guardian_cpf),
  }
}

/** The birth date typed is a minor's (under 18 full years on `today`): the guardian fields show. */
export function isMinorValue(values: RegistrationValues, today: CalendarDate): boolean {
  return isMinorOn(displayToIsoDate(values.birth_date), today)
}

/** The request body for the values: digits without masks, ISO date, a guardian only for a minor. */
export function toRequestBody(values: RegistrationValues, today: CalendarDate): RegistrationUpdateInput {
  const minor = isMinorValue(values, today)
  return {
    full_name: values.full_name,
    email: values.email,
    phone: unmask(values.phone),
    cpf: unmask(values.cpf),
    birth_date: displayToIsoDate(values.birth_date),
    cep: unmask(values.cep),
    street: values.street,
    street_number: values.street_number,
    guardian_name: minor ? values.guardian_name : null,
    guardian_cpf: minor && values.guardian_cpf.trim() ? unmask(values.guardian_cpf) : null,
  }
}

function isField(key: unknown): key is RegistrationField {
  return (REGISTRATION_FIELDS as readonly unknown[]).includes(key)
}

/**
 * The first error of each field, with the server's own rules: the contract's body schema
 * (SPEC §5 texts) and the guardian rule across fields.
 */
export function validateRegistration(values: RegistrationValues, today: CalendarDate): FieldErrors {
  const body = toRequestBody(values, today)
  const errors: FieldErrors = {}
  const parsed = v.safeParse(RegistrationUpdateBody, body)
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key
      if (isField(key)) errors[key] ??= issue.message
    }
  }
  for (const { field, message } of guardianIssues(body, today)) errors[field] ??= message
  return errors
}

export interface RegistrationInput {
  user: CurrentUser
  /** Values typed in an earlier visit and kept on the device. */
  draft?: RegistrationValues | null
  now?: Date
}

export interface RegistrationContext {
  userId: number
  reason: RegistrationUpdateReason | null
  today: CalendarDate
  values: RegistrationValues
  /** After the first submit every rule's text shows, and follows the typing. */
  showErrors: boolean
  /** Counts refused submits: the form moves focus to the first field in error each time. */
  refusedSubmits: number
  /** What the server refused, beside its field until that field changes. */
  serverErrors: FieldErrors
  saveError: string | null
  cep: CepState
  savedUser: CurrentUser | null
}

export type RegistrationEvent = { type: 'registration.change'; field: RegistrationField; value: string } | { type: 'registration.submit' }

/** The errors the form shows now. */
export function visibleErrors(context: RegistrationContext): FieldErrors {
  return { ...context.serverErrors, ...(context.showErrors ? validateRegistration(context.values, context.today) : {}) }
}

const cepDigits = (values: RegistrationValues) => unmask(values.cep)

/** The CEP field holds a complete code the lookup has not answered for yet. */
function completesNewCep(context: RegistrationContext, event: RegistrationEvent): boolean {
  if (event.type !== 'registration.change' || event.field !== 'cep') return false
  const digits = unmask(event.value)
  return digits.length === CEP_DIGITS && !('cep' in context.cep && context.cep.cep === digits)
}

export const registrationUpdateMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
  },
  actors: {
    lookupCep: fromPromise<CepLookupResult, { cep: string }>(async () => {
      throw new Error('lookupCep actor not provided')
    }),
    save: fromPromise<CurrentUser, RegistrationUpdateInput>(async () => {
      throw new Error('save actor not provided')
    }),
  },
  actions: {
    /** Keep what was typed (context.values) on the device, so a reload loses nothing. */
    persistDraft: () => {},
    clearDraft: () => {},
    /** The server saved it: the session takes the updated user and the app moves on. */
    saved: (_, _params: { user: CurrentUser }) => {},
    refuseSubmit: assign({ showErrors: true, refusedSubmits: ({ context }) => context.refusedSubmits + 1 }),
    assignChange: assign(({ context, event }) => {
      if (event.type !== 'registration.change') return {}
      const values = { ...context.values, [event.field]: event.value }
      const { [event.field]: _fixed, ...serverErrors } = context.serverErrors
      // A different CEP forgets what was found for the last one.
      const cep =
        event.field === 'cep' && 'cep' in context.cep && context.cep.cep !== unmask(event.value) ? { status: 'idle' as const } : context.cep
      return { values, serverErrors, cep }
    }),
  },
  delays: { cepSlow: CEP_SLOW_AFTER_MS },
  guards: {
    needsUpdate: ({ context }) => context.reason !== null,
    completesNewCep: ({ context, event }) => completesNewCep(context, event),
    changesCep: ({ event }) => event.type === 'registration.change' && event.field === 'cep',
    isValid: ({ context }) => Object.keys(validateRegistration(context.values, context.today)).length === 0,
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => {
    const now = input.now ?? new Date()
    return {
      userId: input.user.id,
      reason: registrationUpdateReason(input.user, now),
      today: calendarDateOf(now),
      values: input.draft ?? valuesFromUser(input.user),
      showErrors: false,
      refusedSubmits: 0,
      serverErrors: {},
      saveError: null,
      cep: { status: 'idle' },
      savedUser: null,
    }
  },
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'needsUpdate', target: 'editing' }, { target: 'notNeeded' }] },
    /** Nothing to do (SPEC §2: the route sends such a user to the dashboard). */
    notNeeded: { type: 'final' },
    editing: {
      on: {
        'registration.change': [
          { guard: 'completesNewCep', target: 'lookingUpCep', actions: ['assignChange', 'persistDraft'] },
          { actions: ['assignChange', 'persistDraft'] },
        ],
        'registration.submit': [{ guard: 'isValid', target: 'saving' }, { actions: 'refuseSubmit' }],
      },
    },
    /** Every field stays editable while the postal-code service answers (or never does). */
    lookingUpCep: {
      entry: assign({ cep: ({ context }) => ({ status: 'looking' as const, cep: cepDigits(context.values), slow: false }) }),
      after: {
        cepSlow: {
          actions: assign({ cep: ({ context }) => (context.cep.status === 'looking' ? { ...context.cep, slow: true } : context.cep) }),
        },
      },
      invoke: {
        src: 'lookupCep',
        input: ({ context }) => ({ cep: cepDigits(context.values) }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => {
              const cep = cepDigits(context.values)
              if (event.output.status !== 'found') return { cep: { status: event.output.status, cep } }
              const { street, district, city, state } = event.output
              const streetFilled = street.trim() !== ''
              return {
                cep: { status: 'found' as const, cep, district, city, state, streetFilled },
                values: streetFilled ? { ...context.values, street } : context.values,
              }
            }),
            'persistDraft',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ cep: ({ context }) => ({ status: 'unavailable' as const, cep: cepDigits(context.values) }) }),
        },
      },
      on: {
        'registration.change': [
          { guard: 'completesNewCep', target: 'lookingUpCep', reenter: true, actions: ['assignChange', 'persistDraft'] },
          // The CEP changed to something incomplete: that lookup no longer matters.
          { guard: 'changesCep', target: 'editing', actions: ['assignChange', 'persistDraft'] },
          { actions: ['assignChange', 'persistDraft'] },
        ],
        'registration.submit': [{ guard: 'isValid', target: 'saving' }, { actions: 'refuseSubmit' }],
      },
    },
    saving: {
      entry: assign({ showErrors: true, saveError: null, serverErrors: {} }),
      invoke: {
        src: 'save',
        input: ({ context }) => toRequestBody(context.values, context.today),
        onDone: {
          target: 'saved',
          actions: [
            assign({ savedUser: ({ event }) => event.output }),
            'clearDraft',
            { type: 'saved', params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: assign(({ context, event }) => {
            const { fieldErrors, message } = saveFailure(event.error, isField)
            const hasFieldErrors = Object.keys(fieldErrors).length > 0
            return {
              serverErrors: fieldErrors,
              saveError: message,
              refusedSubmits: hasFieldErrors ? context.refusedSubmits + 1 : context.refusedSubmits,
            }
          }),
        },
      },
    },
    saved: { type: 'final' },
    /** The save was refused or never arrived: the values stay, to fix or send again. */
    failed: {
      on: {
        'registration.change': [
          { guard: 'completesNewCep', target: 'lookingUpCep', actions: ['assignChange', 'persistDraft'] },
          { target: 'editing', actions: ['assignChange', 'persistDraft'] },
        ],
        'registration.submit': [{ guard: 'isValid', target: 'saving' }, { actions: 'refuseSubmit' }],
      },
    },
  },
})
