import { Select as RadixSelect } from 'radix-ui'
import { useId, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { describedBy, FieldDetails, fieldClassName, useFocusWithin, type FieldProps, FieldLabel } from './field.tsx'
import { StrokeIcon } from './stroke-icon.tsx'

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean | undefined
}

export interface SelectProps extends FieldProps {
  /** The chosen option's value (SPEC §3 modelValue); '' shows the placeholder. */
  value: string
  onValueChange: (value: string) => void
  options: readonly SelectOption[]
  /** Text while nothing is chosen; defaults to "Selecione". */
  placeholder?: string | undefined
  /** For forms: Radix renders a hidden native <select> with this name. */
  name?: string | undefined
  required?: boolean | undefined
  disabled?: boolean | undefined
  id?: string | undefined
  className?: string | undefined
  ref?: Ref<HTMLButtonElement> | undefined
}

/**
 * Labelled single choice on Radix Select (SPEC §3): keyboard and screen-reader ready
 * (the trigger is a combobox named by the label; arrows, typeahead, Enter, Escape).
 * Option values must not be '' (Radix reserves it for "nothing chosen").
 */
export function Select({
  value,
  onValueChange,
  options,
  label,
  hint,
  persistentHint = false,
  error,
  placeholder,
  name,
  required,
  disabled,
  variant = 'outlined',
  density = 'comfortable',
  id,
  className,
  ref,
}: SelectProps) {
  const { t } = useTranslation('ui')
  const generatedId = useId()
  const triggerId = id ?? `${generatedId}-select`
  const hintId = `${triggerId}-hint`
  const errorId = `${triggerId}-error`
  const { focused, handlers } = useFocusWithin()
  const invalid = Boolean(error)

  return (
    <div
      className={fieldClassName({
        kind: 'ui-select',
        variant,
        density,
        invalid,
        disabled: Boolean(disabled),
        className,
      })}
      {...handlers}
    >
      <FieldLabel htmlFor={triggerId} label={label} required={required} />
      <RadixSelect.Root value={value} onValueChange={onValueChange} name={name} required={required} disabled={disabled}>
        <RadixSelect.Trigger
          ref={ref}
          id={triggerId}
          className="ui-field__control ui-select__trigger"
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(error && errorId, hint && hintId)}
        >
          <RadixSelect.Value className="ui-select__value" placeholder={placeholder ?? t('selectPlaceholder')} />
          <RadixSelect.Icon className="ui-select__icon">
            <ChevronIcon />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className="ui-select__content" position="popper" sideOffset={4}>
            <RadixSelect.Viewport className="ui-select__viewport">
              {options.map((option) => (
                <RadixSelect.Item key={option.value} value={option.value} disabled={option.disabled} className="ui-select__item">
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  <RadixSelect.ItemIndicator className="ui-select__indicator">
                    <CheckIcon />
                  </RadixSelect.ItemIndicator>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      <FieldDetails hint={hint} hintId={hintId} hintVisible={persistentHint || focused} error={error} errorId={errorId} />
    </div>
  )
}

function ChevronIcon() {
  return <StrokeIcon d="m6 9 6 6 6-6" size={20} />
}

function CheckIcon() {
  return <StrokeIcon d="m5 12 5 5 9-10" size={18} strokeWidth={2.5} />
}
