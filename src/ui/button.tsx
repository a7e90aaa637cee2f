import { Slot } from 'radix-ui'
import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react'
import { cx } from './class-names.ts'
import { Spinner } from './spinner.tsx'

export type ButtonVariant = 'primary' | 'secondary' | 'text'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant | undefined
  /** Busy: shows a spinner, sets aria-busy and blocks clicks (disabled on a <button>). */
  loading?: boolean | undefined
  /** Full width (phones). */
  block?: boolean | undefined
  /** Render the single child (e.g. a router <Link>) with the button's look and props. */
  asChild?: boolean | undefined
  ref?: Ref<HTMLButtonElement> | undefined
}

/** Primary / secondary / text button, pill-rounded, 48px high (touch target). */
export function Button({
  variant = 'primary',
  loading = false,
  block = false,
  asChild = false,
  type,
  disabled,
  className,
  children,
  onClick,
  ref,
  ...props
}: ButtonProps) {
  const classes = cx('ui-button', `ui-button--${variant}`, block && 'ui-button--block', className)
  const busy = loading || undefined

  if (asChild) {
    // Links cannot be disabled: mark them and swallow the click instead.
    const inert = Boolean(disabled || loading)
    return (
      <Slot.Root
        {...props}
        ref={ref}
        className={classes}
        aria-busy={busy}
        aria-disabled={inert || undefined}
        onClick={(event: MouseEvent<HTMLElement>) => {
          if (inert) {
            event.preventDefault()
            return
          }
          onClick?.(event as MouseEvent<HTMLButtonElement>)
        }}
      >
        {loading ? <Spinner decorative size="sm" className="ui-button__spinner" /> : null}
        <Slot.Slottable>{children}</Slot.Slottable>
      </Slot.Root>
    )
  }

  return (
    <button
      {...props}
      ref={ref}
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={busy}
      onClick={onClick}
    >
      {loading ? <Spinner decorative size="sm" className="ui-button__spinner" /> : null}
      {children}
    </button>
  )
}
