import { useQuery } from '@tanstack/react-query'
import { PANEL_PAGE_SIZE } from '../components/pager.tsx'
import { useState, type ReactNode } from 'react'
import { REFERRAL_CREDIT_POINTS, STATUS_INDICACAO, type IndicacaoGestao, type IndicacaoStatus } from '../../../contract/schemas/club.ts'
import { Button } from '../../../ui/button.tsx'
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx'
import { applyMask, MASKS } from '../../../ui/mask.ts'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { referralLeadsQuery, useSetLeadStatus } from './api.ts'
import { datesLine } from '../components/panel-cards.tsx'
import { ReviewScreen, useConfirmedMove, type ReviewCard } from '../components/review-screen.tsx'

/**
 * /manager-panel/indicacoes (issue 13, D25, D31): the friends the students referred,
 * newest first, by status; "Marcar como matriculado" credits the referrer 500 points once,
 * behind a confirmation that says so. Online only.
 */

export const LEADS_OFFLINE_TEXT = 'As indicações precisam de conexão com a internet. Conecte-se para ver e atualizar as indicações.'

export const LEAD_STATUS_NAMES: Record<IndicacaoStatus, string> = {
  novo: 'Novo',
  contatado: 'Contatado',
  matriculado: 'Matriculado',
  descartado: 'Descartado',
}

/** The button that sets each status, as the staff says it. */
const ACTION_NAMES: Record<IndicacaoStatus, string> = {
  novo: 'Voltar para novo',
  contatado: 'Marcar como contatado',
  matriculado: 'Marcar como matriculado',
  descartado: 'Descartar',
}

const ALL = 'todos'
type Filter = typeof ALL | IndicacaoStatus

const referrerName = (lead: IndicacaoGestao) => lead.indicado_por.nome ?? lead.indicado_por.email ?? `Aluno nº ${lead.indicado_por.id}`

function creditLine(lead: IndicacaoGestao): string | null {
  if (lead.status !== 'matriculado') return null
  return lead.creditado
    ? `${REFERRAL_CREDIT_POINTS} pontos creditados para ${referrerName(lead)}.`
    : `Sem pontos: ${referrerName(lead)} não participava do KNN Club quando a indicação foi matriculada.`
}

/** A lead's card: name, status, contact, referrer, dates and, once enrolled, the credit. */
const leadCard: ReviewCard<IndicacaoGestao> = {
  testId: 'lead-row',
  idPrefix: 'indicacao',
  title: { text: (lead: IndicacaoGestao) => lead.nome, width: '10rem' },
  status: { text: (lead: IndicacaoGestao) => LEAD_STATUS_NAMES[lead.status], width: '6rem' },
  lines: [
    { text: (lead: IndicacaoGestao) => `${applyMask(MASKS.phone, lead.telefone)} · ${lead.email}`, width: '16rem' },
    {
      text: (lead: IndicacaoGestao) =>
        `Indicado por ${referrerName(lead)}${lead.indicado_por.email ? ` (${lead.indicado_por.email})` : ''}`,
      width: '14rem',
    },
    datesLine<IndicacaoGestao>(
      ['Recebida em', (lead) => lead.criado_em],
      ['atualizada em', (lead) => (lead.atualizado_em !== lead.criado_em ? lead.atualizado_em : null)],
    ),
    { text: creditLine, width: '0', optional: true },
  ],
}

function dialogBody(lead: IndicacaoGestao, to: IndicacaoStatus): string {
  const from = `De "${LEAD_STATUS_NAMES[lead.status]}" para "${LEAD_STATUS_NAMES[to]}".`
  if (to !== 'matriculado') return from
  return `${from} ${referrerName(lead)}, que indicou, recebe ${REFERRAL_CREDIT_POINTS} pontos no KNN Club (uma única vez, se participar do clube). Uma indicação matriculada não muda mais.`
}

export function LeadsScreen({ nav }: { nav: ReactNode }) {
  const online = useOnlineStatus()
  const [filter, setFilter] = useState<Filter>(ALL)
  const [page, setPage] = useState(0)
  const query = useQuery(referralLeadsQuery(filter === ALL ? undefined : filter, page))
  const setStatus = useSetLeadStatus()
  const { pending, notice, setNotice, ask, dialog } = useConfirmedMove<{ lead: IndicacaoGestao; to: IndicacaoStatus }>()

  const filterOptions = [
    { value: ALL as Filter, label: 'Todas' },
    ...STATUS_INDICACAO.map((status) => ({ value: status as Filter, label: LEAD_STATUS_NAMES[status] })),
  ]

  return (
    <ReviewScreen
      title="Indicações do KNN Club"
      nav={nav}
      notice={notice}
      offlineText={LEADS_OFFLINE_TEXT}
      query={query}
      filter={{ options: filterOptions, value: filter, onChange: setFilter }}
      page={page}
      onPage={setPage}
      listTitle={filter === ALL ? 'Amigos indicados pelos alunos' : `Indicações: ${LEAD_STATUS_NAMES[filter]}`}
      card={leadCard}
      emptyText={filter === ALL ? 'Nenhuma indicação recebida ainda.' : `Nenhuma indicação em "${LEAD_STATUS_NAMES[filter]}".`}
      pastLastPageText="Nenhuma indicação nesta página."
      pagerLabel="Páginas de indicações"
      pageSize={PANEL_PAGE_SIZE}
      head={(data) => (
        <p className="mp-hint">
          {data.total === 1 ? '1 indicação' : `${data.total} indicações`}
          {filter === ALL ? '' : ` em "${LEAD_STATUS_NAMES[filter]}"`}
        </p>
      )}
      action={(lead) =>
        lead.status === 'matriculado' ? null : (
          <div className="mp-actions">
            {STATUS_INDICACAO.filter((status) => status !== lead.status).map((status) => (
              <Button
                key={status}
                variant={status === 'matriculado' ? 'primary' : 'secondary'}
                disabled={!online}
                onClick={ask({ lead, to: status })}
              >
                {ACTION_NAMES[status]}
                <span className="u-visually-hidden"> ({lead.nome})</span>
              </Button>
            ))}
          </div>
        )
      }
    >
      <ConfirmDialog
        {...dialog}
        title={pending ? `${ACTION_NAMES[pending.to]}: ${pending.lead.nome}?` : ''}
        body={pending ? dialogBody(pending.lead, pending.to) : ''}
        confirmLabel={pending ? ACTION_NAMES[pending.to] : ''}
        danger={pending?.to === 'descartado'}
        onConfirm={async () => {
          if (!pending) return
          const lead = await setStatus.mutateAsync({ id: pending.lead.id, status: pending.to })
          setNotice(
            `Indicação de ${lead.nome} agora está "${LEAD_STATUS_NAMES[lead.status]}".${creditLine(lead) ? ` ${creditLine(lead)}` : ''}`,
          )
        }}
      />
    </ReviewScreen>
  )
}
