import { Button } from '../../../ui/button.tsx'

/** Rows one page of a panel list shows (the server's lists take up to 100, 50 by default). */
export const PANEL_PAGE_SIZE = 20

/**
 * "Anteriores / Página n de m / Próximos" under a paged list of the panel; nothing when
 * everything fits one page.
 */
export function Pager({
  label,
  page,
  total,
  pageSize,
  onPage,
}: {
  /** The navigation's accessible name ("Páginas de pedidos"). */
  label: string
  page: number
  total: number
  pageSize: number
  onPage: (page: number) => void
}) {
  if (total <= pageSize) return null
  return (
    <nav aria-label={label} className="mp-nav">
      <Button variant="text" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Anteriores
      </Button>
      <span>
        Página {page + 1} de {Math.ceil(total / pageSize)}
      </span>
      <Button variant="text" disabled={(page + 1) * pageSize >= total} onClick={() => onPage(page + 1)}>
        Próximos
      </Button>
    </nav>
  )
}

/** A page past the end (its rows moved on or went): says so, with the way back. */
export function PastLastPage({ text, onFirst }: { text: string; onFirst: () => void }) {
  return (
    <p>
      {text}{' '}
      <Button variant="text" onClick={onFirst}>
        Ver a primeira página
      </Button>
    </p>
  )
}
