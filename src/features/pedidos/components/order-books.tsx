import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useLocalQuery } from '../../../db/use-offline-data.ts'

/**
 * Issue 12: the way to /pedidos/create/{id}/{codigoProduto}, one link per class of
 * the student's that has a book, from the classes on the device (the dashboard and
 * /pedagogico keep them); below the list, so its arrival moves nothing.
 */
export function OrderBooks() {
  const { t } = useTranslation('pedidos')
  const turmas = useLocalQuery((db) => db.turmas.orderBy('nome').toArray(), [])?.filter((turma) => turma.livro !== null) ?? []
  if (turmas.length === 0) return null
  return (
    <section className="pedidos-new stack" aria-labelledby="pedidos-new">
      <h2 id="pedidos-new" className="pedidos-new__title">
        {t('newHeading')}
      </h2>
      <ul className="pedidos-new__list">
        {turmas.map((turma) => (
          <li key={turma.id}>
            <Link to="/pedidos/create/$id/$codigoProduto" params={{ id: String(turma.id), codigoProduto: turma.livro!.codigo }}>
              {t('newFor', { livro: turma.livro!.nome, turma: turma.nome })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
