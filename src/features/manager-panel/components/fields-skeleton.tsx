import { LoadingStatus, SkeletonText } from '../../../ui/skeleton.tsx'

/** A panel form's own fields, their labels with bars for the values, while what fills them loads. */
export function FieldsSkeleton({ labels }: { labels: readonly string[] }) {
  return (
    <div className="stack">
      <LoadingStatus />
      {labels.map((label) => (
        <div key={label}>
          <p className="mp-label">{label}</p>
          <div className="mp-skeleton-field">
            <SkeletonText width="40%" />
          </div>
        </div>
      ))}
    </div>
  )
}
