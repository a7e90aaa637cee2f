import dashboard from './pt-BR/dashboard.json'
import financial from './pt-BR/financial.json'
import pedagogico from './pt-BR/pedagogico.json'
import pedidos from './pt-BR/pedidos.json'
import pwa from './pt-BR/pwa.json'

/**
 * The home screen's texts (the dashboard's cards are Pedagógico's, Financeiro's and Pedidos'
 * texts; the update banner is `pwa`), loaded by loadFrameTexts() (index.ts), not with the
 * login page: every signed-in first screen waits for them. The other screens' texts are in
 * ./more-screen-resources.ts.
 */
export const screenResources = { dashboard, pedagogico, financial, pedidos, pwa } as const
