import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import auth from './pt-BR/auth.json'
import common from './pt-BR/common.json'
import ui from './pt-BR/ui.json'
import validation from './pt-BR/validation.json'
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

/** Every namespace, for the type of `t()` keys (i18next.d.ts). */
export type AllResources = typeof firstScreenResources & ScreenResources

const SCREEN_NAMESPACES = [
  'dashboard',
  'me',
  'pedagogico',
  'financial',
  'pedidos',
  'pwa',
  'recovery',
  'books',
] as const satisfies ReadonlyArray<keyof ScreenResources>

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

let screenTexts: Promise<void> | undefined

/**
 * Adds the screens' namespaces (one small chunk). Idempotent: main.tsx awaits it before a
 * signed-in route's first render and starts it after the login screen's; a component that
 * renders before it resolves suspends (react-i18next) instead of showing raw keys.
 */
export function loadScreenTexts(): Promise<void> {
  screenTexts ??= import('./screen-resources.ts').then(({ screenResources }) => {
    for (const ns of SCREEN_NAMESPACES) i18next.addResourceBundle(DEFAULT_LOCALE, ns, screenResources[ns], true, false)
  })
  return screenTexts
}

export const i18n = i18next
