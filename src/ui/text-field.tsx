import { useId, useLayoutEffect, useMemo, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { composeRefs, describedBy, FieldDetails, fieldClassName, useFocusWithin, type FieldProps, FieldLabel } from './field.tsx'
import { StrokeIcon } from './stroke-icon.tsx'
import { applyMask, caretAfterDigits, digitsBefore, type Mask } from './mask.ts'

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'size' | 'children'>

export interface TextFieldProps extends NativeInputProps, FieldProps {
  /** The text shown (SPEC §3 modelValue). With a mask it is shown masked. */
  value: string
  /** Called with the new text (masked when `mask` is set) on every edit. */
  onChange: (value: string, event: ChangeEvent<HTMLInputElement>) => void
  /** `#` is a digit, anything else a literal: `###.###.###-##`. See mask.ts (MASKS). */
  mask?: Mask | undefined
  /** Adds a show/hide button (passwords). */
  revealable?: boolean | undefined
  /** Class of the wrapper element; the input keeps `ui-field__input`. */
  className?: string | undefined
  ref?: Ref<HTMLInputElement> | undefined
}

/**
 * Labelled text input of SPEC §3 (outlined, pill-rounded, comfortable by default, §9).
 * Every other prop (type, name, autoComplete, inputMode, required, disabled, aria-*, on*)
 * goes to the <input>.
 */
export function TextField({
  value,
  onChange,
  label,
  hint,
  persistentHint = false,
  error,
  mask,
  revealable = false,
  variant = 'outlined',
  density = 'comfortable',
  className,
  id,
  type = 'text',
  inputMode,
  disabled,
  required,
  ref,
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: TextFieldProps) {
  const { t } = useTranslation('ui')
  const generatedId = useId()
  const inputId = id ?? `${generatedId}-input`
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const { focused, handlers } = useFocusWithin()
  const [revealed, setRevealed] = useState(false)
  const inputRef = useRef<HTMLInputElement | null>(null)
  const pendingCaret = useRef<number | null>(null)
  const setRefs = useMemo(() => composeRefs(inputRef, ref), [ref])

  const shown = mask ? applyMask(mask, value) : value
  const invalid = Boolean(error)

  // Keep the caret after the same digit when the mask inserts or removes literals.
  useLayoutEffect(() => {
    const input = inputRef.current
    const caret = pendingCaret.current
    pendingCaret.current = null
    if (!input || caret === null || input.ownerDocument.activeElement !== input) return
    try {
      input.setSelectionRange(caret, caret)
    } catch {
      // Input types without selection (email, number) cannot be positioned.
    }
  })

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const raw = event.target.value
    if (!mask) {
      onChange(raw, event)
      return
    }
    const masked = applyMask(mask, raw)
    const caret = event.target.selectionStart
    if (caret !== null && masked !== raw && caret < raw.length) {
      pendingCaret.current = caretAfterDigits(masked, digitsBefore(raw, caret))
    }
    onChange(masked, event)
  }

  const inputType = revealable && revealed ? 'text' : type

  return (
    <div
      className={fieldClassName({
        kind: 'ui-text-field',
        variant,
        density,
        invalid,
        disabled: Boolean(disabled),
        className,
      })}
      {...handlers}
    >
      <FieldLabel htmlFor={inputId} label={label} required={required} />
      <div className="ui-field__control">
        <input
          {...inputProps}
          ref={setRefs}
          id={inputId}
          className="ui-field__input"
          type={inputType}
          value={shown}
          onChange={handleChange}
          inputMode={inputMode ?? (mask ? 'numeric' : undefined)}
          disabled={disabled}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(ariaDescribedBy, error && errorId, hint && hintId)}
        />
        {revealable ? (
          <button
            type="button"
            className="ui-field__reveal"
            aria-label={t(revealed ? 'hidePassword' : 'showPassword')}
            aria-controls={inputId}
            disabled={disabled}
            onClick={() => setRevealed((r) => !r)}
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        ) : null}
      </div>
      <FieldDetails hint={hint} hintId={hintId} hintVisible={persistentHint || focused} error={error} errorId={errorId} />
    </div>
  )
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'revealable' | 'mask'>

/** A password TextField with the show/hide button; `autoComplete` defaults to current-password. */
export function PasswordField({ autoComplete = 'current-password', ...props }: PasswordFieldProps) {
  return <TextField autoCapitalize="none" spellCheck={false} {...props} autoComplete={autoComplete} type="password" revealable />
}

function EyeIcon() {
  return (
    <StrokeIcon d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" size={22}>
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
    </StrokeIcon>
  )
}

function EyeOffIcon() {
  return (
    <StrokeIcon
      d="M10.6 5.1A10.6 10.6 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-2.6 3.5M6.6 6.6C3.6 8.5 2 12 2 12s3.6 7 10 7a9.8 9.8 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18"
      size={22}
    />
  )
}
