import type { ReactNode } from 'react'

/**
 * A decorative 24×24 line icon drawn with `currentColor`: a handful of inline paths costs
 * less than an icon library. Extra shapes go in `children`.
 */
export function StrokeIcon({
  d,
  size = 24,
  strokeWidth = 2,
  className,
  children,
}: {
  d: string
  size?: number
  strokeWidth?: number
  className?: string
  children?: ReactNode
}) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth={strokeWidth} strokeLinecap="round" strokeLinejoin="round" />
      {children}
    </svg>
  )
}
