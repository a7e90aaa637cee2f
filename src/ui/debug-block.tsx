import type { HTMLAttributes } from 'react'
import { cx } from './class-names.ts'

export interface DebugBlockProps extends Omit<HTMLAttributes<HTMLPreElement>, 'children'> {
  /** Anything; shown as indented JSON. */
  data: unknown
}

/**
 * Shows `data` as JSON for developers. SPEC §4: only outside production; in a production
 * build `import.meta.env.PROD` is the literal `true`, so this renders nothing and the
 * minifier drops the rest.
 */
export function DebugBlock({ data, className, ...props }: DebugBlockProps) {
  if (import.meta.env.PROD) return null
  return (
    <pre {...props} className={cx('ui-debug', className)}>
      {toJson(data)}
    </pre>
  )
}

/** Indented JSON that survives cycles, bigints and undefined. */
export function toJson(data: unknown): string {
  const ancestors: unknown[] = []
  try {
    const text = JSON.stringify(
      data,
      function (this: unknown, _key: string, value: unknown) {
        if (typeof value === 'bigint') return `${value}n`
        if (typeof value !== 'object' || value === null) return value
        // `this` is the object holding `value`: drop ancestors that are not on this path.
        while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop()
        if (ancestors.includes(value)) return '[Circular]'
        ancestors.push(value)
        return value
      },
      2,
    ) as string | undefined
    return text ?? String(data)
  } catch {
    return String(data)
  }
}
