import 'i18next'
import type { AllResources } from './index.ts'

/**
 * `t()` keys are checked against the pt-BR resources (issue 8 item 6): a key missing from
 * src/i18n/pt-BR/*.json fails `npm run typecheck`.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: AllResources
    returnNull: false
  }
}
