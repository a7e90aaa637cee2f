import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import auth from './pt-BR/auth.json'
import common from './pt-BR/common.json'
import dashboard from './pt-BR/dashboard.json'
import financial from './pt-BR/financial.json'
import me from './pt-BR/me.json'
import pwa from './pt-BR/pwa.json'
import pedagogico from './pt-BR/pedagogico.json'
import pedidos from './pt-BR/pedidos.json'
import ui from './pt-BR/ui.json'
import validation from './pt-BR/validation.json'

/** Brazilian Portuguese is the default and the fallback locale (SPEC §1). */
export const DEFAULT_LOCALE = 'pt-BR'

export const resources = { [DEFAULT_LOCALE]: { common, auth, dashboard, me, ui, validation, pedagogico, financial, pedidos, pwa } } as const

// Resources are bundled (a few KB): no network round trip, so translations work offline.
void i18next.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [DEFAULT_LOCALE],
  defaultNS: 'common',
  ns: Object.keys(resources[DEFAULT_LOCALE]),
  resources,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
})

export const i18n = i18next
