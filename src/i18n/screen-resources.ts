import aulaOnline from './pt-BR/aula-online.json'
import books from './pt-BR/books.json'
import dashboard from './pt-BR/dashboard.json'
import financial from './pt-BR/financial.json'
import me from './pt-BR/me.json'
import pedagogico from './pt-BR/pedagogico.json'
import pedidos from './pt-BR/pedidos.json'
import pwa from './pt-BR/pwa.json'
import recovery from './pt-BR/recovery.json'

/**
 * The signed-in screens' texts, loaded by loadScreenTexts() (index.ts), not with the login
 * page; `recovery` too: the password recovery pages wait for them (their route's loader).
 */
export const screenResources = { dashboard, me, pedagogico, financial, pedidos, pwa, recovery, books, aulaOnline } as const
