import i18next from 'i18next'

/**
 * The `atividades` namespace, a chunk of its own added by the routes' loaders: neither the
 * login page nor the other signed-in screens carry it. Through i18next
 * itself: importing src/i18n here would split it out of the entry.
 */
export function loadAtividadesTexts(): Promise<void> {
  return import('../../i18n/pt-BR/atividades.json').then(
    ({ default: texts }) => void i18next.addResourceBundle('pt-BR', 'atividades', texts, true, false),
  )
}
