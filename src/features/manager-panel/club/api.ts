import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type * as v from 'valibot'
import { api } from '../../../lib/api.ts'
import { PANEL_PAGE_SIZE } from '../components/pager.tsx'
import { clubEndpoints } from '../../../contract/endpoints/club.ts'
import type { IndicacaoStatus, PedidoRecompensaStatus, RecompensaBody, RecompensaEditBody } from '../../../contract/schemas/club.ts'

/**
 * The managers' KNN Club (issue 13, D24, D25, D31): referral leads, reward
 * orders to fulfil and the catalogue. Online only like the rest of the panel:
 * `networkMode: 'online'`, nothing kept on the device; every answer re-reads its list.
 */

const CLUB_KEY = ['manager-panel', 'club'] as const

export const referralLeadsQuery = (status: IndicacaoStatus | undefined, page: number) =>
  queryOptions({
    queryKey: [...CLUB_KEY, 'leads', status ?? 'all', page],
    queryFn: () => api.call(clubEndpoints.referralLeads, { query: { status, limit: PANEL_PAGE_SIZE, offset: page * PANEL_PAGE_SIZE } }),
    networkMode: 'online',
  })

export const rewardOrdersQuery = (status: PedidoRecompensaStatus | undefined, page: number) =>
  queryOptions({
    queryKey: [...CLUB_KEY, 'orders', status ?? 'all', page],
    queryFn: () =>
      api.call(clubEndpoints.rewardOrdersToFulfil, { query: { status, limit: PANEL_PAGE_SIZE, offset: page * PANEL_PAGE_SIZE } }),
    networkMode: 'online',
  })

export const rewardCatalogueQuery = queryOptions({
  queryKey: [...CLUB_KEY, 'rewards'],
  queryFn: () => api.call(clubEndpoints.rewardCatalogue),
  networkMode: 'online',
})

/** Reads one of the club's lists again whatever the answer (a 409 means the screen was out of date). */
function useClubMutation<I, O>(list: 'leads' | 'orders' | 'rewards', mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    networkMode: 'online',
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...CLUB_KEY, list] }),
  })
}

/** Sets a lead's status; `matriculado` credits the referrer 500 points once (D25). */
export const useSetLeadStatus = () =>
  useClubMutation('leads', ({ id, status }: { id: number; status: IndicacaoStatus }) =>
    api.call(clubEndpoints.updateReferralLead, { params: { id }, body: { status } }),
  )

/** One move of a reward order, from the status the manager saw (`de`). */
export const useMoveRewardOrder = () =>
  useClubMutation(
    'orders',
    ({ id, de, para }: { id: number; de: 'solicitado' | 'separado'; para: 'separado' | 'entregue' | 'cancelado' }) =>
      api.call(clubEndpoints.moveRewardOrder, { params: { id }, body: { de, para } }),
  )

/** Creates a reward (no id) or sends the changed fields of one (PUT: only what is sent changes). */
export const useSaveReward = () =>
  useClubMutation(
    'rewards',
    (
      input: { id: undefined; body: v.InferInput<typeof RecompensaBody> } | { id: number; body: v.InferInput<typeof RecompensaEditBody> },
    ) =>
      input.id === undefined
        ? api.call(clubEndpoints.createReward, { body: input.body })
        : api.call(clubEndpoints.updateReward, { params: { id: input.id }, body: input.body }),
  )
