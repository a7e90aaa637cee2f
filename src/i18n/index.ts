import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import auth from './pt-BR/auth.json'
import common from './pt-BR/common.json'
import ui from './pt-BR/ui.json'
import validation from './pt-BR/validation.json'
import type AtividadesTexts from './pt-BR/atividades.json'
import type CambioTexts from './pt-BR/cambio.json'
import type ClubTexts from './pt-BR/club.json'
import type EnglishTestTexts from './pt-BR/english-test.json'
import type IndicacaoTexts from './pt-BR/indicacao.json'
import type InstallTexts from './pt-BR/install.json'
import type KnnUsaTexts from './pt-BR/knn-usa.json'
import type OutboxTexts from './pt-BR/outbox.json'
import type PaymentTexts from './pt-BR/payment.json'
import type PedidoCreateTexts from './pt-BR/pedido-create.json'
import type PraticaTexts from './pt-BR/pratica.json'
import type PushTexts from './pt-BR/push.json'
import type QrLoginTexts from './pt-BR/qr-login.json'
import type SessionsTexts from './pt-BR/sessions.json'
import type TravelCampaignTexts from './pt-BR/travel-campaign.json'
import type { screenResources } from './screen-resources.ts'

/** Brazilian Portuguese is the default and the fallback locale (SPEC §1). */
export const DEFAULT_LOCALE = 'pt-BR'

/**
 * What the login screen and the app frame draw with: bundled with the entry, no round trip
 * before the first screen. The screens' own texts are in ./screen-resources.ts, a chunk of
 * their own (issue 7 "only what the screen needs"), precached like every chunk, so they
 * work offline too.
 */
export const firstScreenResources = { common, auth, ui, validation } as const

export type ScreenResources = typeof screenResources

/**
 * Namespaces in a chunk of their own that only their route loads, neither with the
 * login page nor with the signed-in screens: a screen few people open.
 */
export interface OwnChunkResources {
  qrLogin: typeof QrLoginTexts
  atividades: typeof AtividadesTexts
  outbox: typeof OutboxTexts
  englishTest: typeof EnglishTestTexts
  pratica: typeof PraticaTexts
  push: typeof PushTexts
  payment: typeof PaymentTexts
  pedidoCreate: typeof PedidoCreateTexts
  club: typeof ClubTexts
  indicacao: typeof IndicacaoTexts
  cambio: typeof CambioTexts
  travelCampaign: typeof TravelCampaignTexts
  knnUsa: typeof KnnUsaTexts
  sessions: typeof SessionsTexts
  install: typeof InstallTexts
}

/** Every namespace, for the type of `t()` keys (i18next.d.ts). */
export type AllResources = typeof firstScreenResources & ScreenResources & OwnChunkResources

void i18next.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [DEFAULT_LOCALE],
  defaultNS: 'common',
  ns: Object.keys(firstScreenResources),
  resources: { [DEFAULT_LOCALE]: firstScreenResources },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
})

function addBundles(resources: Partial<ScreenResources>): void {
  for (const [ns, bundle] of Object.entries(resources)) i18next.addResourceBundle(DEFAULT_LOCALE, ns, bundle, true, false)
}

let screenTexts: Promise<void> | undefined

/**
 * Adds the screens' namespaces (./screen-resources.ts, one small chunk). Idempotent:
 * main.tsx awaits it before a signed-in route's first render and starts it after the public
 * pages' first screen; routes/__root.tsx waits for it before any signed-in screen, so none
 * draws raw keys.
 */
export function loadScreenTexts(): Promise<void> {
  screenTexts ??= import('./screen-resources.ts').then(({ screenResources }) => addBundles(screenResources))
  return screenTexts
}

export const i18n = i18next
