import aulaOnline from './pt-BR/aula-online.json'
import avisos from './pt-BR/avisos.json'
import books from './pt-BR/books.json'
import me from './pt-BR/me.json'
import recovery from './pt-BR/recovery.json'

/**
 * The texts of the screens beyond the home screen (/me and the registration forms, the
 * book-code and password-recovery pages, the online classes, the notices): a chunk of their own, so
 * /dashboard draws without them. loadScreenTexts() (index.ts) brings them; every
 * route but the home screen and the login page waits for it (routes/__root.tsx).
 */
export const moreScreenResources = { me, books, recovery, aulaOnline, avisos } as const
