import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Card } from '../../../ui/card.tsx'
import { itemsOrPlaceholders } from '../../../ui/skeleton.tsx'
import { PANEL_PAGE_SIZE, Pager, PastLastPage } from '../components/pager.tsx'
import { PanelQuery } from '../components/panel-query.tsx'
import { sendingsQuery } from './api.ts'
import { SendingsTable } from './sendings-table.tsx'

/** The list's skeleton: three rows of the real table. */
export const tableSkeleton = <SendingsTable sendings={itemsOrPlaceholders(undefined, 3)} />

/** /manager-panel and /manager-panel/history: the sendings with their counts, a page at a time. */
export function SendingsScreen({ title, nav }: { title: string; nav: ReactNode }) {
  const [page, setPage] = useState(0)
  const query = useQuery(sendingsQuery(page))
  return (
    <div className="page stack">
      <h1 className="page__title">{title}</h1>
      {nav}
      <Card title="Notificações">
        <PanelQuery query={query} skeleton={tableSkeleton}>
          {({ items, total }) =>
            items.length === 0 && page > 0 ? (
              // Sendings deleted since the page was counted: the way back.
              <PastLastPage text="Nenhuma notificação nesta página." onFirst={() => setPage(0)} />
            ) : items.length === 0 ? (
              <p>Nenhuma notificação enviada ainda.</p>
            ) : (
              <>
                <SendingsTable sendings={items} />
                <Pager label="Páginas de notificações" page={page} total={total} pageSize={PANEL_PAGE_SIZE} onPage={setPage} />
              </>
            )
          }
        </PanelQuery>
      </Card>
    </div>
  )
}
