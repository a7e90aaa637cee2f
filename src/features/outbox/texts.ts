import i18next from 'i18next'

/**
 * The `outbox` namespace (the queued items' rows and /envios-pendentes), a chunk of its own
 * added by the routes' loaders that show queued items. Through i18next itself: importing
 * src/i18n here would split it out of the entry.
 */
export function loadOutboxTexts(): Promise<void> {
  return import('../../i18n/pt-BR/outbox.json').then(
    ({ default: texts }) => void i18next.addResourceBundle('pt-BR', 'outbox', texts, true, false),
  )
}
