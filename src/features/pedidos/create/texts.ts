import i18next from 'i18next'

let loaded: Promise<void> | undefined

/** The order screens' texts: a chunk of their own, loaded by their routes. */
export function loadOrderTexts(): Promise<void> {
  loaded ??= import('../../../i18n/pt-BR/pedido-create.json').then(
    ({ default: texts }) => void i18next.addResourceBundle('pt-BR', 'pedidoCreate', texts, true, false),
  )
  return loaded
}
