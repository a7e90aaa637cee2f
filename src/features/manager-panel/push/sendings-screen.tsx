import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Card } from '../../../ui/card.tsx'
import { itemsOrPlaceholders } from '../../../ui/skeleton.tsx'
import { PanelQuery } from '../components/panel-query.tsx'
import { sendingsQuery } from './api.ts'
import { SendingsTable } from './sendings-table.tsx'

/** The list's skeleton: three rows of the real table. */
export const tableSkeleton = <SendingsTable sendings={itemsOrPlaceholders(undefined, 3)} />

/** /manager-panel and /manager-panel/history: every sending with its counts. */
export function SendingsScreen({ title, nav }: { title: string; nav: ReactNode }) {
  const query = useQuery(sendingsQuery)
  return (
    <div className="page stack">
      <h1 className="page__title">{title}</h1>
      {nav}
      <Card title="Notificações">
        <PanelQuery query={query} skeleton={tableSkeleton}>
          {(sendings) => (sendings.length === 0 ? <p>Nenhuma notificação enviada ainda.</p> : <SendingsTable sendings={sendings} />)}
        </PanelQuery>
      </Card>
    </div>
  )
}
