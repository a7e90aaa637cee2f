import { atividadeEndpoints } from './contract/atividades.ts'
import { aulaOnlineEndpoints } from './contract/aula-online.ts'
import { authEndpoints } from './contract/auth.ts'
import { bookEndpoints } from './contract/books.ts'
import { cambioEndpoints } from './contract/cambio.ts'
import { chatEndpoints } from './contract/chat.ts'
import { clubEndpoints } from './contract/club.ts'
import { configEndpoints } from './contract/config.ts'
import { englishTestEndpoints } from './contract/english-test.ts'
import { financeiroEndpoints } from './contract/financeiro.ts'
import { knnUsaEndpoints } from './contract/knn-usa.ts'
import { managerOrderEndpoints } from './contract/manager-orders.ts'
import { pedagogicoEndpoints } from './contract/pedagogico.ts'
import { pagamentoEndpoints } from './contract/pagamentos.ts'
import { pedidoEndpoints } from './contract/pedidos.ts'
import { preInvoiceEndpoints } from './contract/pre-invoice.ts'
import { praticaEndpoints } from './contract/pratica.ts'
import { pushEndpoints } from './contract/push.ts'
import { sessionEndpoints } from './contract/sessions.ts'
import { travelCampaignEndpoints } from './contract/travel-campaigns.ts'
import { userEndpoints } from './contract/users.ts'

/**
 * The endpoints of each product area, one file each (src/api/contract/<area>.ts). Paths,
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
 * the spine"); src/api/contract.test.ts proves no name, and no method + service + path,
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
