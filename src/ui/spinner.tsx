import { VisuallyHidden } from 'radix-ui'
import type { HTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { cx } from './class-names.ts'

export interface SpinnerProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** Announced text; defaults to "Carregando…". */
  label?: string | undefined
  size?: 'sm' | 'md' | 'lg' | undefined
  /**
   * Inside something that already says it is busy (a loading Button): no status role, no
   * text, hidden from assistive technology.
   */
  decorative?: boolean | undefined
}

/** A labelled loading indicator (role=status, so its text is announced). */
export function Spinner({ label, size = 'md', decorative = false, className, ...props }: SpinnerProps) {
  const { t } = useTranslation('ui')
  const classes = cx('ui-spinner', `ui-spinner--${size}`, className)
  if (decorative) {
    return (
      <span {...props} className={classes} aria-hidden="true">
        <span className="ui-spinner__circle" />
      </span>
    )
  }
  return (
    <span role="status" {...props} className={classes}>
      <span className="ui-spinner__circle" aria-hidden="true" />
      <VisuallyHidden.Root>{label ?? t('loading')}</VisuallyHidden.Root>
    </span>
  )
}
