import { atividadeEndpoints } from './endpoints/atividades.ts'
import { aulaOnlineEndpoints } from './endpoints/aula-online.ts'
import { authEndpoints } from './endpoints/auth.ts'
import { bookEndpoints } from './endpoints/books.ts'
import { cambioEndpoints } from './endpoints/cambio.ts'
import { chatEndpoints } from './endpoints/chat.ts'
import { clubEndpoints } from './endpoints/club.ts'
import { configEndpoints } from './endpoints/config.ts'
import { englishTestEndpoints } from './endpoints/english-test.ts'
import { financeiroEndpoints } from './endpoints/financeiro.ts'
import { knnUsaEndpoints } from './endpoints/knn-usa.ts'
import { managerOrderEndpoints } from './endpoints/manager-orders.ts'
import { pedagogicoEndpoints } from './endpoints/pedagogico.ts'
import { pagamentoEndpoints } from './endpoints/pagamentos.ts'
import { pedidoEndpoints } from './endpoints/pedidos.ts'
import { preInvoiceEndpoints } from './endpoints/pre-invoice.ts'
import { praticaEndpoints } from './endpoints/pratica.ts'
import { pushEndpoints } from './endpoints/push.ts'
import { sessionEndpoints } from './endpoints/sessions.ts'
import { travelCampaignEndpoints } from './endpoints/travel-campaigns.ts'
import { userEndpoints } from './endpoints/users.ts'

/**
 * The endpoints of each product area, one file each (src/contract/endpoints/<area>.ts). Paths,
 * methods and error texts are SPEC §7–§8 verbatim (D1).
 */
export const contractAreas = {
  config: configEndpoints,
  auth: authEndpoints,
  users: userEndpoints,
  sessions: sessionEndpoints,
  pedagogico: pedagogicoEndpoints,
  atividades: atividadeEndpoints,
  aulaOnline: aulaOnlineEndpoints,
  financeiro: financeiroEndpoints,
  pedidos: pedidoEndpoints,
  preInvoice: preInvoiceEndpoints,
  books: bookEndpoints,
  pratica: praticaEndpoints,
  englishTest: englishTestEndpoints,
  push: pushEndpoints,
  pagamentos: pagamentoEndpoints,
  managerOrders: managerOrderEndpoints,
  club: clubEndpoints,
  travelCampaigns: travelCampaignEndpoints,
  chat: chatEndpoints,
  cambio: cambioEndpoints,
  knnUsa: knnUsaEndpoints,
} as const

/**
 * Every endpoint of the portal and drive APIs, declared once (DESIGN.md "The contract is
 * the spine"); src/contract/contract.test.ts proves no name, and no method + service + path,
 * appears twice.
 */
export const contract = {
  ...configEndpoints,
  ...authEndpoints,
  ...userEndpoints,
  ...sessionEndpoints,
  ...pedagogicoEndpoints,
  ...atividadeEndpoints,
  ...aulaOnlineEndpoints,
  ...financeiroEndpoints,
  ...pedidoEndpoints,
  ...preInvoiceEndpoints,
  ...bookEndpoints,
  ...praticaEndpoints,
  ...englishTestEndpoints,
  ...pushEndpoints,
  ...pagamentoEndpoints,
  ...managerOrderEndpoints,
  ...clubEndpoints,
  ...travelCampaignEndpoints,
  ...chatEndpoints,
  ...cambioEndpoints,
  ...knnUsaEndpoints,
} as const

export type Contract = typeof contract
export type EndpointName = keyof Contract
