import aulaOnline from './pt-BR/aula-online.json'
import avisos from './pt-BR/avisos.json'
import books from './pt-BR/books.json'
import dashboard from './pt-BR/dashboard.json'
import financial from './pt-BR/financial.json'
import me from './pt-BR/me.json'
import pedagogico from './pt-BR/pedagogico.json'
import pedidos from './pt-BR/pedidos.json'
import pwa from './pt-BR/pwa.json'
import recovery from './pt-BR/recovery.json'

/**
 * The screens' texts beyond the login's and the frame's (the home screen's cards are
 * Pedagógico's, Financeiro's and Pedidos' texts; /me and the registration forms, the book-code
 * and password-recovery pages, the online classes, the notices; the update banner is `pwa`),
 * loaded by loadScreenTexts() (index.ts), not with the login page: every signed-in first
 * screen waits for them. One file, not the home screen's and the others' apart: the 3 KiB the
 * home screen did without cost less on slow 4G than the extra request every visit made.
 */
export const screenResources = { dashboard, pedagogico, financial, pedidos, pwa, me, books, recovery, aulaOnline, avisos } as const
