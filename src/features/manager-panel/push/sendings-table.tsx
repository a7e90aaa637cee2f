import { Link } from '@tanstack/react-router'
import type { PushSending } from '../../../contract/schemas/push.ts'
import { formatDateTime } from '../../../ui/format.ts'
import { SkeletonText } from '../../../ui/skeleton.tsx'
import { STATUS_LABELS } from './draft.ts'

const COUNT_COLUMNS = [
  ['targeted', 'Alvos'],
  ['sent', 'Enviadas'],
  ['failed', 'Falharam'],
  ['gone', 'Inativas'],
  ['clicked', 'Cliques'],
] as const

/** Every sending with its counts; a draft links to its editing, the others to their log. */
export function SendingsTable({ sendings }: { sendings: (PushSending | undefined)[] }) {
  return (
    <div className="mp-table-wrap">
      <table className="mp-table">
        <caption className="u-visually-hidden">Notificações, da mais recente</caption>
        <thead>
          <tr>
            <th scope="col">Notificação</th>
            <th scope="col">Situação</th>
            {COUNT_COLUMNS.map(([key, label]) => (
              <th scope="col" key={key} className="mp-table__number">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sendings.map((sending, index) =>
            sending ? (
              <tr key={sending.id} data-testid="sending-row">
                <th scope="row">
                  <Link
                    to={sending.status === 'rascunho' ? '/manager-panel/create/{-$id}' : '/manager-panel/history/{-$id}'}
                    params={{ id: String(sending.id) }}
                  >
                    {sending.title}
                  </Link>
                  <span className="mp-table__when">
                    {formatDateTime(new Date(sending.started_at ?? sending.scheduled_for ?? sending.updated_at))}
                  </span>
                </th>
                <td>
                  <span className={`mp-status mp-status--${sending.status}`}>{STATUS_LABELS[sending.status]}</span>
                </td>
                {COUNT_COLUMNS.map(([key]) => (
                  <td key={key} className="mp-table__number">
                    {sending.status === 'rascunho' ? '—' : sending.counts[key]}
                  </td>
                ))}
              </tr>
            ) : (
              <tr key={index} aria-hidden="true">
                <th scope="row">
                  <SkeletonText width="80%" />
                </th>
                {[0, 1, 2, 3, 4, 5].map((cell) => (
                  <td key={cell}>
                    <SkeletonText width="60%" />
                  </td>
                ))}
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  )
}
