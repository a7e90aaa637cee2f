import { useId } from 'react'

export interface Choice<T extends string> {
  value: T
  label: string
}

export interface ChoiceGroupProps<T extends string> {
  /** What is being chosen: the group's accessible name. */
  legend: string
  options: readonly Choice<T>[]
  value: T
  onChange: (value: T) => void
}

/**
 * One of a few options, all visible (native radios in a fieldset): arrow keys move between
 * them, a screen reader reads the legend with each.
 */
export function ChoiceGroup<T extends string>({ legend, options, value, onChange }: ChoiceGroupProps<T>) {
  const name = useId()
  return (
    <fieldset className="ui-choice-group">
      <legend className="ui-choice-group__legend">{legend}</legend>
      {options.map((option) => (
        <label className="ui-choice-group__option" key={option.value}>
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  )
}
