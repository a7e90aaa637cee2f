import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Card } from '../../../ui/card.tsx'
import { formatDateTime } from '../../../ui/format.ts'
import { PanelQuery } from '../components/panel-query.tsx'
import { audienceOptionsQuery, sendingLogQuery } from './api.ts'
import { audienceLabel, STATUS_LABELS } from './draft.ts'
import { deliveryText } from './delivery-text.ts'
import { SendingsTable } from './sendings-table.tsx'

/** /manager-panel/history/{id}: one sending's counts and its delivery log, updated while it runs. */
export function SendingLogScreen({ id, nav }: { id: number; nav: ReactNode }) {
  const query = useQuery(sendingLogQuery(id))
  const options = useQuery(audienceOptionsQuery)
  return (
    <div className="page stack">
      <h1 className="page__title">Histórico do envio</h1>
      {nav}
      <PanelQuery query={query} skeleton={<Card isLoading skeletonRows={4} skeletonColumns={4} />}>
        {({ sending, deliveries }) => (
          <>
            <Card title={sending.title}>
              <p>{sending.body}</p>
              <p>
                <span className={`mp-status mp-status--${sending.status}`}>{STATUS_LABELS[sending.status]}</span>{' '}
                {audienceLabel(sending.audience, options.data)}
                {sending.scheduled_for && sending.status === 'agendado'
                  ? ` · agendada para ${formatDateTime(new Date(sending.scheduled_for))}`
                  : ''}
              </p>
              <SendingsTable sendings={[sending]} />
            </Card>
            <Card title="Entregas">
              {deliveries.length === 0 ? (
                <p>
                  {sending.status === 'agendado'
                    ? 'As entregas começam no horário agendado.'
                    : 'Nenhuma entrega: nenhum aparelho deste público ativou as notificações.'}
                </p>
              ) : (
                <div className="mp-table-wrap">
                  <table className="mp-table">
                    <caption className="u-visually-hidden">Entregas por aparelho</caption>
                    <thead>
                      <tr>
                        <th scope="col">Aluno</th>
                        <th scope="col">Aparelho</th>
                        <th scope="col">Situação</th>
                        <th scope="col" className="mp-table__number">
                          Tentativas
                        </th>
                        <th scope="col">Atualizada</th>
                      </tr>
                    </thead>
                    <tbody>
                      {deliveries.map((delivery) => (
                        <tr key={delivery.id} data-testid="delivery-row">
                          <th scope="row">{delivery.full_name ?? 'Aluno removido'}</th>
                          <td>{delivery.device_type === 'mobile' ? 'Celular' : delivery.device_type === 'desktop' ? 'Computador' : '—'}</td>
                          <td>{deliveryText(delivery)}</td>
                          <td className="mp-table__number">{delivery.attempts}</td>
                          <td>{formatDateTime(new Date(delivery.updated_at))}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </Card>
          </>
        )}
      </PanelQuery>
    </div>
  )
}
