import type { HTMLAttributes, ReactNode } from 'react'
import { cx } from './class-names.ts'

export type AlertTone = 'info' | 'success' | 'warning' | 'error'

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  tone?: AlertTone | undefined
  title?: ReactNode
  children?: ReactNode
}

/**
 * A message box. Errors use role=alert (announced at once); info, success and warning use
 * role=status (announced politely).
 */
export function Alert({ tone = 'info', title, children, className, ...props }: AlertProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} {...props} className={cx('ui-alert', `ui-alert--${tone}`, className)}>
      {title ? <p className="ui-alert__title">{title}</p> : null}
      {children ? <div className="ui-alert__body">{children}</div> : null}
    </div>
  )
}
