/** Pieces shared by TextField and Select (internal to src/ui). */
import { Label } from 'radix-ui'
import { useState, type FocusEvent, type Ref, type RefCallback } from 'react'
import { cx } from './class-names.ts'

export type FieldVariant = 'outlined' | 'filled'
export type FieldDensity = 'comfortable' | 'compact'

/** Common props of the form fields of SPEC §3. */
export interface FieldProps {
  /** Visible label, bound to the control by id. */
  label: string
  /** Help text; shown while the field has focus unless `persistentHint`. */
  hint?: string | undefined
  persistentHint?: boolean | undefined
  /** Error text: shown under the field, marks it aria-invalid. */
  error?: string | undefined
  /** SPEC §9 default: outlined. */
  variant?: FieldVariant | undefined
  /** SPEC §9 default: comfortable (48px high, touch friendly). */
  density?: FieldDensity | undefined
}

export function fieldClassName(opts: {
  kind: string
  variant: FieldVariant
  density: FieldDensity
  invalid: boolean
  disabled: boolean
  className?: string | undefined
}): string {
  return cx(
    'ui-field',
    opts.kind,
    `ui-field--${opts.variant}`,
    `ui-field--${opts.density}`,
    opts.invalid && 'ui-field--invalid',
    opts.disabled && 'ui-field--disabled',
    opts.className,
  )
}

/** Ids of the description elements, joined for aria-describedby (undefined when none). */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter(Boolean)
  return list.length > 0 ? list.join(' ') : undefined
}

/** Tracks whether focus is anywhere inside the field (input, reveal button, trigger). */
export function useFocusWithin() {
  const [focused, setFocused] = useState(false)
  return {
    focused,
    handlers: {
      onFocus: () => setFocused(true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        const next = event.relatedTarget
        if (!(next instanceof Node) || !event.currentTarget.contains(next)) setFocused(false)
      },
    },
  }
}

/** Points several refs at one element. */
export function composeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node)
      else if (ref) ref.current = node
    }
  }
}

interface FieldDetailsProps {
  hint?: string | undefined
  hintId: string
  hintVisible: boolean
  error?: string | undefined
  errorId: string
}

/**
 * The line under a field. Its height is reserved so a hint or error appearing does not
 * move the page. The hint stays in the DOM (and in aria-describedby) while hidden, so a
 * screen reader hears it when the field gets focus.
 */
export function FieldDetails({ hint, hintId, hintVisible, error, errorId }: FieldDetailsProps) {
  return (
    <div className="ui-field__details">
      {error ? (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="ui-field__hint" data-visible={hintVisible ? 'true' : 'false'}>
          {hint}
        </p>
      ) : null}
    </div>
  )
}

/** The visible label bound to the control; the asterisk of a required field is not read out. */
export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean | undefined }) {
  return (
    <Label.Root className="ui-field__label" htmlFor={htmlFor}>
      {label}
      {required ? (
        <span className="ui-field__required" aria-hidden="true">
          *
        </span>
      ) : null}
    </Label.Root>
  )
}
