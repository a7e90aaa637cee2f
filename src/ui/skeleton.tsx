import { VisuallyHidden } from 'radix-ui'
import type { CSSProperties, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A grey bar standing for text not known yet, drawn inside the element that will hold
 * the text: it is shorter than the line, so the line keeps the height the text will give it
 * (issue 7: a skeleton has the size of what replaces it because it *is* that layout).
 */
export function SkeletonText({ width = '60%' }: { width?: string }) {
  return <span className="ui-skeleton-text" style={{ '--ui-skeleton-width': width } as CSSProperties} aria-hidden="true" />
}

/** `value` once known, else a bar of `width` in its place. */
export function textOrSkeleton<T>(value: T | undefined, show: (value: T) => ReactNode, width?: string): ReactNode {
  return value === undefined ? <SkeletonText width={width} /> : show(value)
}

/** "Carregando…" for screen readers beside a skeleton; the bars themselves are hidden from them. */
export function LoadingStatus() {
  const { t } = useTranslation('ui')
  return <VisuallyHidden.Root role="status">{t('loading')}</VisuallyHidden.Root>
}

/** A list's items, or `count` placeholders (undefined: drawn as skeletons) while it loads. */
export function itemsOrPlaceholders<T>(items: readonly T[] | undefined, count: number): (T | undefined)[] {
  return items ? [...items] : Array.from({ length: count }, () => undefined)
}
