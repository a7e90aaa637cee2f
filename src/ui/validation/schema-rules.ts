import * as v from 'valibot'
import { validateField, type FieldRule } from './rules.ts'

/**
 * Adds field rules to a valibot schema, for forms validated as a whole:
 * `v.object({ email: withRules(v.string(), [required(), email()]) })`. Apart from ./rules.ts
 * so that the rules alone carry no valibot (the login form).
 */
export function withRules<const TSchema extends v.GenericSchema>(schema: TSchema, rules: readonly FieldRule[]) {
  return v.pipe(
    schema,
    v.rawCheck<v.InferOutput<TSchema>>(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      const error = validateField(dataset.value, rules)
      if (error !== undefined) addIssue({ message: error })
    }),
  )
}
